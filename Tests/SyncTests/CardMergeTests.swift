import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import Sync

/// The field-level merge: one side's change taken, the later of two edits kept and the other
/// reported, an edit beating a removal, flags merged like fields, the same result either way round.
struct CardMergeTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    var t1: Date { t0 + 60 }
    var t2: Date { t0 + 120 }

    func synced(_ edit: (inout Card) -> Void = { _ in }, at date: Date, from base: SyncedCard? = nil) -> SyncedCard {
        var card = TestCards.card(1, "Tesco", code: "1234", format: nil, color: "#112233")
        if let base, let restored = try? base.card() { card = restored }
        edit(&card)
        return SyncedCard(card, keeping: base, edited: date)
    }

    @Test func aFieldChangedOnOneSideTakesThatSide() {
        let base = synced(at: t0)
        let ours = synced({ $0.note = "ours" }, at: t1, from: base)
        let theirs = synced({ $0.balance = "5.00" }, at: t2, from: base)
        let (merged, conflicts) = CardMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(conflicts.isEmpty)
        #expect(merged?.fields["note"]?.json == "\"ours\"")
        #expect(merged?.fields["balance"]?.json == "\"5.00\"")
        #expect(merged?.fields["store"] == base.fields["store"])
    }

    @Test func theLaterEditWinsAndTheOtherIsReported() {
        let base = synced(at: t0)
        let ours = synced({ $0.note = "early" }, at: t1, from: base)
        let theirs = synced({ $0.note = "late" }, at: t2, from: base)
        for (one, two) in [(ours, theirs), (theirs, ours)] {
            let (merged, conflicts) = CardMerge.merge(base: base, ours: one, theirs: two)
            #expect(merged?.fields["note"]?.json == "\"late\"")
            #expect(
                conflicts == [
                    SyncConflict(
                        card: base.id.uuidString.lowercased(), field: "note", kept: "late", other: "early",
                        reason: "edited on both devices: the later edit is kept")
                ])
        }
    }

    @Test func flagsMergeLikeFields() {
        let base = synced(at: t0)
        let ours = synced({ $0.favorite = true }, at: t1, from: base)
        let theirs = synced({ $0.archived = true }, at: t2, from: base)
        let (merged, conflicts) = CardMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(conflicts.isEmpty)
        #expect(merged?.fields["favorite"]?.json == "true")
        #expect(merged?.fields["archived"]?.json == "true")
    }

    @Test func anEditBeatsARemovalEitherWayRound() {
        let base = synced(at: t0)
        let edited = synced({ $0.note = "kept" }, at: t1, from: base)
        for (ours, theirs) in [(edited, nil), (nil, edited)] as [(SyncedCard?, SyncedCard?)] {
            let (merged, conflicts) = CardMerge.merge(base: base, ours: ours, theirs: theirs)
            #expect(merged == edited)
            #expect(conflicts.map(\.field) == ["card"])
        }
    }

    @Test func anUneditedCardRemovedOnOneSideStaysRemoved() {
        let base = synced(at: t0)
        #expect(CardMerge.merge(base: base, ours: nil, theirs: base).card == nil)
        #expect(CardMerge.merge(base: base, ours: base, theirs: nil).card == nil)
    }

    @Test func equalTimesSettleTheSameOnBothSides() {
        let ours = synced({ $0.note = "a" }, at: t1)
        let theirs = synced({ $0.note = "b" }, at: t1)
        #expect(
            CardMerge.merge(base: nil, ours: ours, theirs: theirs).card
                == CardMerge.merge(base: nil, ours: theirs, theirs: ours).card)
    }

    @Test func aCardFileReadsBackAsWritten() throws {
        let card = synced(
            {
                $0.groups = ["Food", "Daily"]
                $0.note = "two\nlines \"quoted\""
            }, at: t1)
        let text = card.fileText
        #expect(text.split(separator: "\n").count == card.fields.count + 4)
        let (read, stored) = try SyncedCardFile.read(Data(text.utf8), path: card.path)
        #expect(read == card)
        #expect(stored.note == "two\nlines \"quoted\"")
        #expect(OwnCardFile.lines(Array(text.utf8)) == card)
        #expect(OwnCardFile.lines(Array(text.replacingOccurrences(of: "\"id\"", with: "\"id\" ").utf8)) == nil)
    }

    /// A file written by a wallet that did not know `gs1` (issue 33) has no such line: it reads
    /// as not GS1, edited at the beginning of time.
    @Test func aCardFileWithoutAFieldAddedLaterReadsItsDefault() throws {
        let card = synced(at: t1)
        let text = card.fileText.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"gs1\"") }.joined(separator: "\n")
        #expect(text != card.fileText)
        let (read, stored) = try SyncedCardFile.read(Data(text.utf8), path: card.path)
        #expect(!stored.gs1 && read.fields["gs1"]?.json == "false" && read.fields["gs1"]?.edited == .distantPast)
    }

    @Test func hostileCardFilesAreRefusedNamingTheFile() {
        let card = synced(at: t1)
        let cases: [(String, String)] = [
            (card.path, "not json"),
            (card.path, card.fileText.replacingOccurrences(of: "\"id\": \"0", with: "\"id\": \"9")),
            ("cards/../x.json", card.fileText),
            (card.path, card.fileText.replacingOccurrences(of: "\"Tesco\"", with: "\"\""),),
            (card.path, card.fileText.replacingOccurrences(of: "\"createdAt\"", with: "\"extra\": 1,\n\"createdAt\"")),
            (card.path, String(repeating: " ", count: SyncedCardFile.maximumBytes + 1)),
        ]
        for (path, text) in cases {
            #expect(throws: SyncError.self) { try SyncedCardFile.read(Data(text.utf8), path: path) }
            do {
                _ = try SyncedCardFile.read(Data(text.utf8), path: path)
            } catch {
                #expect("\(error)".contains(path))
            }
        }
    }
}
