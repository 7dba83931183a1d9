import Barcodes
import Foundation
import Testing
import WalletCore
@testable import WalletInterop

@Suite struct WalletJSONCodecTests {
    private let codec = WalletJSONCodec(now: Fixtures.now)

    private func sample() -> WalletArchive {
        let cards = [
            Card(
                fields: CardFields(
                    store: "Ünïcode 店", code: "5901234123457", format: .ean13, color: "#112233",
                    note: "multi\nline \"note\"", favorite: true, archived: false, expiry: "2027-02-28",
                    balance: "3.75", currency: "CHF", groups: ["B", "A"]),
                createdAt: Date(timeIntervalSince1970: 1_700_000_000)),
            Card(
                fields: CardFields(
                    store: "Plain", code: "X1", barcodeValue: "payload", format: .qr, color: "#FFFFFF",
                    archived: true),
                createdAt: Date(timeIntervalSince1970: 1_700_000_100)),
            Card(
                fields: CardFields(store: "No barcode", code: "12", color: "#000000"),
                createdAt: Date(timeIntervalSince1970: 1_700_000_200)),
        ]
        var archive = WalletArchive(
            cards: cards, groups: ["A", "B", "Unused"],
            usageEvents: [
                UsageEvent(cardID: cards[0].id, date: Date(timeIntervalSince1970: 1_710_000_000)),
                UsageEvent(cardID: cards[0].id, date: Date(timeIntervalSince1970: 1_720_000_000)),
                UsageEvent(cardID: cards[1].id, date: Date(timeIntervalSince1970: 1_715_000_000)),
            ])
        archive.deriveUsage()
        return archive
    }

    @Test func losslessRoundTrip() throws {
        let original = sample()
        let back = try codec.decode(codec.encode(original))
        #expect(back.cards == original.cards)
        #expect(back.groups == original.groups)
        #expect(back.usageEvents == original.usageEvents)
        #expect(back.cardLocations == [.jsonPath("cards[0]"), .jsonPath("cards[1]"), .jsonPath("cards[2]")])
    }

    @Test func cardKeysFollowTheCLIContractWithExplicitNulls() throws {
        let data = try codec.encode(sample())
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "wallet")
        #expect(object["version"] as? Int == 1)
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(
            Set(cards[2].keys) == [
                "id", "store", "code", "barcodeValue", "format", "barcodeEncoding", "gs1", "color", "note", "favorite",
                "archived",
                "expiry",
                "balance", "currency", "groups", "createdAt", "lastUsed", "usageCount", "logo", "live", "updatedAt", "message",
                "fields", "authenticity",
            ])
        #expect(cards[2]["format"] is NSNull && cards[2]["authenticity"] is NSNull)
        #expect(cards[2]["barcodeValue"] is NSNull)
        #expect(cards[0]["format"] as? String == "ean13")
        #expect(cards[0]["createdAt"] as? String == "2023-11-14T22:13:20Z")
        #expect(cards[0]["lastUsed"] as? String == "2024-07-03T09:46:40Z")
        #expect(cards[0]["usageCount"] as? Int == 2)
        #expect(cards[1]["createdAt"] as? String == "2023-11-14T22:15:00Z")
    }

    @Test func bareCardArrayFromCardListIsAccepted() throws {
        let json = """
            [{"store": "Hand written", "code": "036000291452", "format": "UPC_A", "lastUsed": "2026-01-02T03:04:05Z"},
             {"id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "store": "Second", "code": "1", "color": "#abcdef",
              "groups": ["G"], "barcodeValue": "1", "createdAt": "2025-05-05T05:05:05Z"}]
            """
        let archive = try codec.decode(Data(json.utf8))
        #expect(archive.cards[0].format == .upcA)
        #expect(archive.cards[0].createdAt == Fixtures.now)
        #expect(archive.cards[0].color == CardColor.derived(fromStore: "Hand written"))
        #expect(archive.cards[0].usageCount == 1)
        #expect(archive.cards[0].lastUsed == ISO8601.parse("2026-01-02T03:04:05Z"))
        #expect(archive.cards[1].id == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF"))
        #expect(archive.cards[1].color == "#abcdef")  // normalized when stored
        #expect(archive.groups == ["G"])
    }

    private func problem(_ json: String) -> LocatedProblem? {
        do {
            _ = try codec.decode(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func errorsNameTheJSONPath() {
        #expect(problem(#"[{"store": "S"}]"#)?.location == .jsonPath("[0]"))
        #expect(
            problem(#"{"format": "wallet", "version": 1, "cards": [{"store": "S", "code": "1", "format": "bogus"}]}"#)?
                .location == .jsonPath("cards[0].format"))
        #expect(problem(#"[{"store": "S", "code": "123", "format": "ean13"}]"#)?.location == .jsonPath("[0]"))
        #expect(problem(#"[{"store": "S", "code": "1", "id": "nope"}]"#)?.location == .jsonPath("[0].id"))
        #expect(problem(#"{"format": "other", "version": 1, "cards": []}"#)?.location == .jsonPath("format"))
        #expect(
            problem(#"{"format": "wallet", "version": 1, "cards": [], "usage": [{"card": "x", "date": "2026-01-01T00:00:00Z"}]}"#)
                == LocatedProblem(.unknownCardReference("x"), at: .jsonPath("usage[0].card")))
    }

    @Test func duplicateIdsFail() {
        let card = #"{"id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "store": "S", "code": "1"}"#
        #expect(problem("[\(card), \(card)]")?.problem == .duplicateCardID("6f9619ff-8b86-d011-b42d-00cf4fc964ff"))
    }
}
