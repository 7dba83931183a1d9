import Foundation

/// What differs between two states of a card (``CardVersion/changes``), and the merge of an
/// issuer's new version with what the user edited.
public enum CardChanges {
    /// Every field whose shown value differs from `old` to `new`: the card fields by JSON key,
    /// then the pass's flags and dates, then its fields as `fields.KEY`.
    public static func between(_ old: Card, _ new: Card) -> [FieldChange] {
        let before = values(old)
        let after = values(new)
        var changes: [FieldChange] = []
        var seen = Set<String>()
        for (name, value) in after {
            seen.insert(name)
            let previous = before.first { $0.name == name }?.value ?? nil
            if previous != value { changes.append(FieldChange(field: name, from: previous, to: value)) }
        }
        for (name, value) in before where !seen.contains(name) && value != nil {
            changes.append(FieldChange(field: name, from: value, to: nil))
        }
        return changes
    }

    /// `user`'s fields where the issuer left a field as it was in `base` (its previous
    /// version), the issuer's value where it changed that field since: a `card edit` stays
    /// until the issuer changes the same field.
    public static func merged(user: CardFields, base: CardFields, issuer: CardFields) -> CardFields {
        var baseValues = FlatValues()
        base.visitJSONFields(&baseValues)
        var issuerValues = FlatValues()
        issuer.visitJSONFields(&issuerValues)
        var merged = user
        let changedByIssuer = Set(zip(baseValues.pairs, issuerValues.pairs).filter { $0.value != $1.value }.map(\.0.name))
        for name in changedByIssuer {
            guard let copy = CardFieldCopy.byName[name] else { continue }
            copy(&merged, issuer)
        }
        return merged
    }

    /// A card's fields and pass as (name, shown value) pairs.
    static func values(_ card: Card) -> [(name: String, value: String?)] {
        var flat = FlatValues()
        card.fields.visitJSONFields(&flat)
        guard let pass = card.pass else { return flat.pairs }
        var pairs = flat.pairs
        pairs.append(("voided", pass.voided ? "true" : "false"))
        pairs.append(("relevantDate", pass.relevantDate.map(ISO8601.format)))
        pairs.append(("expirationDate", pass.expirationDate.map(ISO8601.format)))
        pairs += pass.fields.map { ("fields.\($0.key)", $0.value) }
        return pairs
    }
}

/// Copies one editable field from a card's fields to another's, by its card JSON key.
enum CardFieldCopy {
    typealias Copy = @Sendable (inout CardFields, CardFields) -> Void

    /// Every key of ``CardFields/visitJSONFields(_:)``; `CardChangesTests` keeps them in step.
    static let byName: [String: Copy] = [
        "store": { $0.store = $1.store }, "code": { $0.code = $1.code },
        "barcodeValue": { $0.barcodeValue = $1.barcodeValue }, "format": { $0.format = $1.format },
        "barcodeEncoding": { $0.barcodeEncoding = $1.barcodeEncoding }, "gs1": { $0.gs1 = $1.gs1 },
        "color": { $0.color = $1.color },
        "note": { $0.note = $1.note }, "favorite": { $0.favorite = $1.favorite },
        "archived": { $0.archived = $1.archived }, "expiry": { $0.expiry = $1.expiry },
        "balance": { $0.balance = $1.balance }, "currency": { $0.currency = $1.currency },
        "groups": { $0.groups = $1.groups },
    ]
}

/// Collects a card's JSON fields as text, in order.
struct FlatValues: CardJSONVisitor {
    var pairs: [(name: String, value: String?)] = []
    mutating func field(_ key: CardJSONKey, string value: String?) { pairs.append((key.stringValue, value)) }
    mutating func field(_ key: CardJSONKey, bool value: Bool) { pairs.append((key.stringValue, value ? "true" : "false")) }
    mutating func field(_ key: CardJSONKey, int value: Int) { pairs.append((key.stringValue, String(value))) }
    mutating func field(_ key: CardJSONKey, strings value: [String]) {
        pairs.append((key.stringValue, value.joined(separator: ", ")))
    }
    mutating func field(_ key: CardJSONKey, passFields value: [LiveField]) {}
    mutating func field(_ key: CardJSONKey, authenticity value: PassAuthenticity?) {}
}
