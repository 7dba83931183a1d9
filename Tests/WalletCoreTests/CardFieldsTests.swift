import Foundation
import Testing
import WalletTestSupport
@testable import WalletCore
import Barcodes

/// The editable fields are declared once (``CardFields``); these tests keep the places that
/// list them by name (SQL columns, JSON keys) in step with it.
@Suite struct CardFieldsTests {
    /// Every editable field set to something other than its default.
    static let everyField = CardFields(
        store: "Käse Haus", code: "M-1", barcodeValue: "010950400005910121123\u{1D}10ABC", format: .qr, barcodeEncoding: .latin1,
        gs1: true,
        color: "#112233",
        note: "two\nlines", favorite: true, archived: true, expiry: "2027-01-31", balance: "12.50",
        currency: "EUR", groups: ["Food", "Ünï"])

    @Test func cardReadsAndWritesItsFieldsAsItsOwn() {
        var card = Card(fields: Self.everyField, createdAt: Date(timeIntervalSince1970: 0))
        #expect(card.store == "Käse Haus" && card.format == .qr && card.groups == ["Food", "Ünï"])
        card.note = "changed"
        card.groups.append("More")
        #expect(card.fields.note == "changed")
        #expect(card.fields.groups == ["Food", "Ünï", "More"])
        #expect(card.encodedValue == "010950400005910121123\u{1D}10ABC")
        #expect(card.displayedValue == "(01)09504000059101(21)123(10)ABC")
    }

    @Test func missingColorIsDerivedFromTheTrimmedStore() {
        #expect(CardFields(store: "  Tesco\n", code: "1").color == CardColor.derived(fromStore: "Tesco"))
        #expect(CardFields(store: "Tesco", code: "1", color: "#ABCDEF").color == "#ABCDEF")
    }

    /// The card JSON lists the editable fields (plus `groups`, kept in its own tables) in the
    /// same order as the `card` table's columns.
    @Test func jsonKeysAndColumnsNameTheSameFields() {
        var keys = KeyCollector()
        Self.everyField.visitJSONFields(&keys)
        #expect(keys.names == CardColumns.editable.map(\.column) + ["groups"])
    }

    /// Each field goes into the database and comes back: one that the column list missed, or
    /// read into the wrong field, changes the card.
    @Test func everyFieldSurvivesTheDatabase() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let added = try repository.add(Self.everyField)
        #expect(added.fields == Self.everyField)
        #expect(try repository.card(id: added.id)?.fields == Self.everyField)

        var edited = added
        edited.fields = CardFields(store: "Other", code: "2")
        try repository.update(edited)
        #expect(try repository.card(id: added.id)?.fields == edited.validated().fields)
    }

    /// Decoding what encoding wrote gives the same card, every field included.
    @Test func everyFieldSurvivesTheCardJSON() throws {
        let card = Card(
            fields: Self.everyField, createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            lastUsed: Date(timeIntervalSince1970: 1_700_000_500), usageCount: 2)
        #expect(try JSONDecoder().decode(Card.self, from: CardJSONWriter.object(card)) == card)
    }
}

/// Collects the JSON keys ``CardFields/visitJSONFields(_:)`` hands out, in order.
private struct KeyCollector: CardJSONVisitor {
    var names: [String] = []
    mutating func field(_ key: CardJSONKey, string value: String?) { names.append(key.stringValue) }
    mutating func field(_ key: CardJSONKey, bool value: Bool) { names.append(key.stringValue) }
    mutating func field(_ key: CardJSONKey, int value: Int) { names.append(key.stringValue) }
    mutating func field(_ key: CardJSONKey, strings value: [String]) { names.append(key.stringValue) }
    mutating func field(_ key: CardJSONKey, passFields value: [LiveField]) { names.append(key.stringValue) }
    mutating func field(_ key: CardJSONKey, authenticity value: PassAuthenticity?) { names.append(key.stringValue) }
}
