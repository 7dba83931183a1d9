import Barcodes
import Foundation
import Testing
import WalletCore
@testable import WalletInterop

@Suite struct CatimaCSVReaderTests {
    private let reader = CatimaCSVReader(now: Fixtures.now, timeZone: Fixtures.utc)

    @Test func readsEveryBarcodeType() throws {
        let archive = try reader.read(Fixtures.catimaV2)
        #expect(archive.cards.count == 14)
        for (offset, entry) in Fixtures.codes.enumerated() {
            #expect(archive.cards[offset].format == entry.format)
            #expect(archive.cards[offset].code == entry.code)
        }
        #expect(archive.cards[13].format == nil)
    }

    @Test func mapsEveryFieldOfARichCard() throws {
        let card = try reader.read(Fixtures.catimaV2).cards[0]
        #expect(card.store == "QR Store")
        #expect(card.note == "Line one\nLine \"two\", with comma\n\nafter a blank line")
        #expect(card.code == "QR-1")
        #expect(card.barcodeValue == "https://example.com/q?id=1")
        #expect(card.encodedValue == "https://example.com/q?id=1")
        #expect(card.color == "#0000FF")
        #expect(card.favorite)
        #expect(!card.archived)
        #expect(card.expiry == "2026-01-01")
        #expect(card.balance == "12.50")
        #expect(card.currency == "EUR")
        #expect(card.groups == ["Food", "Travel"])
        #expect(card.createdAt == Fixtures.now)
        #expect(card.lastUsed == Date(timeIntervalSince1970: 1_730_493_938))
        #expect(card.usageCount == 1)
    }

    @Test func archivedZeroBalanceAndNeverUsed() throws {
        let card = try reader.read(Fixtures.catimaV2).cards[1]
        #expect(card.archived)
        #expect(!card.favorite)
        #expect(card.balance == nil && card.currency == nil)
        #expect(card.color == "#FF0000")
        #expect(card.lastUsed == nil && card.usageCount == 0)
    }

    @Test func pointsBalanceWithoutCurrency() throws {
        let card = try reader.read(Fixtures.catimaV2).cards[2]
        #expect(card.store == "PDF, Inc.")
        #expect(card.balance == "150")
        #expect(card.currency == nil)
        #expect(card.color == "#00FF00")
    }

    @Test func cardWithoutBarcodeOrColor() throws {
        let card = try reader.read(Fixtures.catimaV2).cards[13]
        #expect(card.format == nil)
        #expect(card.barcodeValue == nil)
        #expect(card.color == CardColor.derived(fromStore: "Library"))
        #expect(card.groups == ["Travel"])
    }

    @Test func groupsKeepFileOrderIncludingUnused() throws {
        let archive = try reader.read(Fixtures.catimaV2)
        #expect(archive.groups == ["Food", "Travel", "Unused"])
        #expect(archive.cards[8].groups == ["Food"])
    }

    @Test func usageEventsComeFromLastUsed() throws {
        let archive = try reader.read(Fixtures.catimaV2)
        #expect(archive.usageEvents.count == 11)
        #expect(archive.usageEvents.first?.date == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(
            archive.usageEvents.contains(
                UsageEvent(cardID: archive.cards[0].id, date: Date(timeIntervalSince1970: 1_730_493_938))))
    }

    @Test func crlfFileReadsTheSame() throws {
        let lf = try reader.read(Fixtures.catimaV2)
        let crlf = try reader.read(Fixtures.catimaV2.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(Fixtures.comparable(crlf.cards) == Fixtures.comparable(lf.cards))
        #expect(crlf.groups == lf.groups)
    }

    @Test func byteOrderMarkIsIgnored() throws {
        #expect(try reader.read("\u{FEFF}" + Fixtures.catimaV2).cards.count == 14)
    }

    @Test func readsVersion1() throws {
        let archive = try reader.read(Fixtures.catimaV1)
        #expect(archive.cards.count == 2)
        #expect(archive.cards[0].store == "Old Shop")
        #expect(archive.cards[0].note == "old, \"quoted\" note")
        #expect(archive.cards[0].format == .code128)
        #expect(archive.cards[0].color == "#FFFFFF")
        #expect(archive.cards[1].format == nil)
        #expect(archive.cards[1].usageCount == 0)
        #expect(archive.groups.isEmpty)
    }

    @Test func readsVersion1WithVersionLine() throws {
        #expect(try reader.read("1\n" + Fixtures.catimaV1).cards.count == 2)
    }

    @Test func emptySectionsAndNoLinks() throws {
        let text = "2\r\n\r\n_id\r\n\r\n\(Fixtures.cardsHeader)\r\n1,Solo,,,,0,,77,,,,,0,0,0\r\n\r\ncardId,groupId\r\n"
        let archive = try reader.read(text)
        #expect(archive.cards.map(\.store) == ["Solo"])
        #expect(archive.groups.isEmpty)
    }

    @Test func linkToMissingCardIsIgnoredAndUnknownGroupCreated() throws {
        let text = "2\n\n_id\nFood\n\n\(Fixtures.cardsHeader)\n1,Solo,,,,0,,77,,,,,0,0,0\n\ncardId,groupId\n8,Food\n1,Pets\n"
        let archive = try reader.read(text)
        #expect(archive.cards[0].groups == ["Pets"])
        #expect(archive.groups == ["Food", "Pets"])
    }

    @Test func expiryInSecondsIsAcceptedToo() throws {
        let text = "2\n\n_id\n\n\(Fixtures.cardsHeader)\n1,Solo,,,1767225600,0,,77,,,,,0,0,0\n"
        #expect(try reader.read(text).cards[0].expiry == "2026-01-01")
    }

    @Test func expiryIsTheCalendarDayInTheUsersZone() throws {
        // Midnight 1 May 2026 in Paris (UTC+2) is 30 April 22:00 UTC.
        let paris = CatimaCSVReader(now: Fixtures.now, timeZone: TimeZone(identifier: "Europe/Paris")!)
        let text = "2\n\n_id\n\n\(Fixtures.cardsHeader)\n1,Solo,,,1777586400000,0,,77,,,,,0,0,0\n"
        #expect(try paris.read(text).cards[0].expiry == "2026-05-01")
        #expect(try reader.read(text).cards[0].expiry == "2026-04-30")
    }

    @Test func catimaNamesMapToEveryFormatAndBack() throws {
        for format in Symbology.allCases {
            #expect(try CatimaCardRow.symbology(format.catimaName) == format)
            #expect(try CatimaCardRow.symbology(format.rawValue) == format)
        }
        #expect(try CatimaCardRow.symbology(" ") == nil)
    }
}
