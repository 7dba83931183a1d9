import Foundation
import Testing
@testable import WalletCore

/// Changes between versions, and the merge that keeps a user's edits.
@Suite struct CardChangesTests {
    @Test func everyCardJSONFieldCanBeCopiedByName() {
        var names = FlatValues()
        CardFields(store: "S", code: "1").visitJSONFields(&names)
        #expect(Set(names.pairs.map(\.name)) == Set(CardFieldCopy.byName.keys))
    }

    @Test func theIssuerWinsOnlyWhereItChangedAField() {
        let base = CardFields(store: "Shop", code: "1", note: "n", balance: "1")
        var user = base
        user.note = "mine"
        user.balance = "5"
        var issuer = base
        issuer.balance = "2"
        let merged = CardChanges.merged(user: user, base: base, issuer: issuer)
        #expect(merged.note == "mine" && merged.balance == "2")
    }

    @Test func changesNameCardFieldsPassFieldsAndFlags() {
        let old = Card(
            fields: CardFields(store: "S", code: "1", balance: "1"), createdAt: .distantPast,
            pass: LivePass(
                serialNumber: "1", passTypeIdentifier: "t", fields: [LiveField(key: "gate", value: "A", section: .primary)]))
        var new = old
        new.balance = "2"
        new.pass?.voided = true
        new.pass?.fields = [LiveField(key: "seat", value: "3", section: .primary)]
        #expect(
            CardChanges.between(old, new) == [
                FieldChange(field: "balance", from: "1", to: "2"), FieldChange(field: "voided", from: "false", to: "true"),
                FieldChange(field: "fields.seat", from: nil, to: "3"), FieldChange(field: "fields.gate", from: "A", to: nil),
            ])
    }
}
