import Foundation
import Testing
import WalletTestSupport
@testable import WalletCore

/// A live card's pass in the database: stored with the card, read by both sides, updated from
/// its issuer with the user's edits kept, versioned, reverted.
@Suite struct LiveCardStoreTests {
    static func pass(balance: String = "12.50", gate: String = "A1", voided: Bool = false) -> LivePass {
        LivePass(
            serialNumber: "C-42", passTypeIdentifier: "pass.example.coffee", webServiceURL: "https://passes.example.com",
            authenticationToken: "0123456789abcdef", relevantDate: Date(timeIntervalSince1970: 1_800_000_000), voided: voided,
            locations: [PassLocation(latitude: 1, longitude: 2)],
            fields: [
                LiveField(key: "balance", label: "Balance", value: balance, section: .primary),
                LiveField(key: "gate", label: "Gate", value: gate, changeMessage: "Gate changed to %@", section: .secondary),
                LiveField(key: "terms", value: "No cash value.", section: .back),
            ], signed: true, authenticity: verified)
    }

    /// A verified signer: Coffee Club's team for its pass type.
    static let verified = PassAuthenticity(
        state: .verified, organization: "Coffee Club Ltd", teamIdentifier: "TEAM123456",
        signedAt: Date(timeIntervalSince1970: 1_790_000_000), signerPassType: "pass.example.coffee")

    static func issuerCard(balance: String = "12.50", gate: String = "A1", note: String = "Coffee", voided: Bool = false) -> Card
    {
        Card(
            fields: CardFields(store: "Coffee Club", code: "C-42", note: note, balance: balance, currency: "EUR"),
            createdAt: Date(timeIntervalSince1970: 0), pass: pass(balance: balance, gate: gate, voided: voided))
    }

    private func imported(_ home: TemporaryContainer) throws -> (CardRepository, Card) {
        let repository = try home.repository()
        _ = try repository.importCards([Self.issuerCard()], groups: [], usageEvents: [])
        return (repository, try #require(try repository.cards(includeArchived: true).first))
    }

    @Test func passSurvivesTheDatabaseOnBothSides() throws {
        let home = TemporaryContainer()
        let (_, card) = try imported(home)
        #expect(card.pass == Self.pass())
        #expect(try CardReader(container: home.container).card(id: card.id)?.pass == Self.pass())
        let json = try #require(try JSONSerialization.jsonObject(with: CardJSONWriter.object(card)) as? [String: Any])
        #expect(json["live"] as? Bool == true && json["updatedAt"] is NSNull && json["message"] is NSNull)
        let fields = try #require(json["fields"] as? [[String: Any]])
        #expect(fields.map { $0["key"] as? String } == ["balance", "gate"])
        #expect(fields[0]["label"] as? String == "Balance" && fields[0]["value"] as? String == "12.50")
        #expect(try repository(home).history(of: card.id).map(\.source) == [.import])
    }

    @Test func bothJSONWritersAgree() throws {
        let card = Card(fields: CardFields(store: "S", code: "1"), createdAt: Date(timeIntervalSince1970: 0), pass: Self.pass())
        let fast = try JSONSerialization.jsonObject(with: CardJSONWriter.object(card)) as? NSDictionary
        let slow = try JSONSerialization.jsonObject(with: JSONEncoder().encode(card)) as? NSDictionary
        #expect(fast == slow)
    }

    @Test func issuerUpdateKeepsUserEditsOfFieldsItDidNotChange() throws {
        let home = TemporaryContainer()
        let (repository, card) = try imported(home)
        var edited = card
        edited.note = "my note"
        edited.balance = "99"
        try repository.update(edited)
        // The issuer changes the balance and the gate, not the note: the note stays the user's.
        let result = try repository.applyPassUpdate(
            card.id, issuer: Self.issuerCard(balance: "15.75", gate: "B7"), lastModified: "Tue")
        #expect(result.card.note == "my note" && result.card.balance == "15.75")
        #expect(result.messages == ["Gate changed to B7"])
        let stored = try #require(try repository.card(id: card.id))
        #expect(stored.pass?.message == "Gate changed to B7" && stored.pass?.updatedAt == home.clock.now())
        #expect(stored.pass?.lastModified == "Tue" && stored.pass?.fields[1].value == "B7")
        #expect(result.changes.contains(FieldChange(field: "balance", from: "99", to: "15.75")))
        #expect(result.changes.contains(FieldChange(field: "fields.gate", from: "A1", to: "B7")))
        #expect(try repository.history(of: card.id).map(\.source) == [.import, .edit, .update])
        // Opening the card reads the message.
        _ = try repository.recordUse(of: card.id)
        #expect(try repository.card(id: card.id)?.pass?.message == nil)
    }

    @Test func unchangedUpdateRecordsNoVersionButMovesUpdatedAt() throws {
        let home = TemporaryContainer()
        let (repository, card) = try imported(home)
        let generation = try repository.dataGeneration()
        let result = try repository.applyPassUpdate(card.id, issuer: Self.issuerCard(), lastModified: nil)
        #expect(result.changes.isEmpty)
        #expect(try repository.history(of: card.id).count == 1)
        #expect(try repository.dataGeneration() == generation + 1)
    }

    @Test func passForAnotherSerialChangesNothing() throws {
        let home = TemporaryContainer()
        let (repository, card) = try imported(home)
        var other = Self.issuerCard(balance: "1")
        other.pass?.serialNumber = "OTHER"
        #expect(throws: WalletStoreError.passMismatch("pass.example.coffee", "C-42")) {
            try repository.applyPassUpdate(card.id, issuer: other, lastModified: nil)
        }
        #expect(try repository.card(id: card.id) == card)
    }

    @Test func updateNotSignedAsThePassHeldIsRefusedAndChangesNothing() throws {
        let home = TemporaryContainer()
        let (repository, card) = try imported(home)
        let refusals: [(PassAuthenticity, String)] = [
            (
                PassAuthenticity(
                    state: .verified, organization: "Other", teamIdentifier: "OTHERTEAM1", signerPassType: "pass.example.coffee"),
                "the update is signed by team OTHERTEAM1, not TEAM123456"
            ),
            (
                PassAuthenticity(
                    state: .untrusted, teamIdentifier: "TEAM123456", reason: "self-signed certificate",
                    signerPassType: "pass.example.coffee"),
                "the update is not verified (self-signed certificate) but the pass it replaces is"
            ),
            (
                .altered("pass.json does not match its SHA-1 digest in manifest.json"),
                "the update is altered: pass.json does not match its SHA-1 digest in manifest.json"
            ),
            (.unsigned("the pass has no signature"), "the update is unsigned: the pass has no signature"),
        ]
        for (authenticity, reason) in refusals {
            var update = Self.issuerCard(balance: "99")
            update.pass?.authenticity = authenticity
            #expect(throws: WalletStoreError.updateNotAuthentic("pass.example.coffee", "C-42", reason)) {
                try repository.applyPassUpdate(card.id, issuer: update, lastModified: nil)
            }
        }
        #expect(try repository.card(id: card.id) == card)
        var same = Self.issuerCard(balance: "15.75")
        same.pass?.authenticity?.signedAt = Date(timeIntervalSince1970: 1_795_000_000)
        let applied = try repository.applyPassUpdate(card.id, issuer: same, lastModified: nil)
        #expect(applied.card.balance == "15.75" && applied.card.authenticity?.signedAt == same.pass?.authenticity?.signedAt)
    }

    @Test func passStoredWithoutAVerdictReadsAsUncheckedOrUnsigned() {
        let type = "pass.example.coffee"
        #expect(PassAuthenticity.unchecked.state == .untrusted)
        #expect(PassAuthenticity.unchecked.refusal(ofUpdate: Self.verified, passType: type) == nil)
        #expect(
            PassAuthenticity.unsigned("none").refusal(ofUpdate: .unsigned("none"), passType: type)
                == "the update is unsigned: none")
        var otherType = Self.verified
        otherType.signerPassType = "pass.example.other"
        #expect(
            PassAuthenticity.unsigned("none").refusal(ofUpdate: otherType, passType: type)
                == "the update is signed for pass type pass.example.other, not pass.example.coffee")
    }

    @Test func revertBringsAVersionBackAsANewOne() throws {
        let home = TemporaryContainer()
        let (repository, card) = try imported(home)
        _ = try repository.applyPassUpdate(card.id, issuer: Self.issuerCard(balance: "15.75", voided: true), lastModified: nil)
        let changes = try repository.revert(card.id, to: 1)
        #expect(changes.contains(FieldChange(field: "balance", from: "15.75", to: "12.50")))
        #expect(changes.contains(FieldChange(field: "voided", from: "true", to: "false")))
        let reverted = try #require(try repository.card(id: card.id))
        #expect(reverted.balance == "12.50" && reverted.pass?.voided == false && reverted.pass?.updatedAt != nil)
        #expect(try repository.history(of: card.id).map(\.source) == [.import, .update, .edit])
        #expect(throws: WalletStoreError.versionNotFound(CardQueries.key(card.id), 9)) { try repository.revert(card.id, to: 9) }
    }

    @Test func removingTheCardRemovesItsPassAndHistory() throws {
        let home = TemporaryContainer()
        let (repository, card) = try imported(home)
        try repository.remove(id: card.id)
        #expect(try repository.read { try PassRows.passes($0, ids: nil) }.isEmpty)
        #expect(try repository.read { try CardVersions.history($0, id: card.id) }.isEmpty)
    }

    @Test func deviceLibraryIdentifierIsStable() throws {
        let home = TemporaryContainer()
        let first = try home.repository().deviceLibraryIdentifier()
        #expect(first.count == 32)
        #expect(try home.repository().deviceLibraryIdentifier() == first)
    }

    private func repository(_ home: TemporaryContainer) throws -> CardRepository { try home.repository() }
}
