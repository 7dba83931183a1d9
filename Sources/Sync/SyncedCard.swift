import Foundation
import WalletCore

/// A card as the sync repository keeps it: its id, creation date and each editable field's
/// value (compact JSON, as `CardJSONWriter.fieldValues(_:)` writes it) with when it was last
/// edited, so a merge can settle each field on its own.
public struct SyncedCard: Equatable, Sendable {
    public var id: UUID
    public var createdAt: Date
    /// By card JSON key (`store`, `note`, `favorite`, ...).
    public var fields: [String: SyncedField]

    public init(id: UUID, createdAt: Date, fields: [String: SyncedField]) {
        (self.id, self.createdAt, self.fields) = (id, createdAt, fields)
    }

    /// `card` with every field edited at `edited`.
    public init(_ card: Card, edited: Date) {
        self.init(card, keeping: nil, edited: edited)
    }

    /// `card`'s fields, each keeping its edit time from `previous` when its value is the same,
    /// else edited at `edited`.
    public init(_ card: Card, keeping previous: SyncedCard?, edited: Date) {
        self.init(card, art: .none, keeping: previous, editTimes: [:], otherwise: edited)
    }

    /// `card`'s fields, each keeping its edit time from `previous` when its value is the same,
    /// else dated by `editTimes` (by card JSON key, `""` for every field: when the wallet
    /// recorded the edit, `CardRepository.fieldEditTimes(of:)`), else at `otherwise` (a field
    /// edited before the wallet recorded edit times: dated by the sync that finds it). The art's
    /// fields (`SyncedArt`) are left out while they are null and `previous` has none.
    public init(_ card: Card, art: CardArtwork, keeping previous: SyncedCard?, editTimes: [String: Date], otherwise: Date) {
        id = card.id
        createdAt = previous?.createdAt ?? card.createdAt
        var fields: [String: SyncedField] = [:]
        let art = SyncedArt.fieldValues(art).filter { $0.json != "null" || previous?.fields[$0.key] != nil }
        for (key, json) in CardJSONWriter.fieldValues(card.fields) + art {
            if let old = previous?.fields[key], old.json == json {
                fields[key] = old
            } else {
                fields[key] = SyncedField(json: json, edited: editTimes[key] ?? editTimes[""] ?? otherwise)
            }
        }
        self.fields = fields
    }

    /// The same values (edit times aside).
    public func sameValues(as other: SyncedCard) -> Bool {
        fields.count == other.fields.count && fields.allSatisfy { other.fields[$0.key]?.json == $0.value.json }
    }

    /// The file's path in the repository.
    public var path: String { Self.path(of: id) }

    public static func path(of id: UUID) -> String { "cards/\(id.uuidString.lowercased()).json" }

    /// The card's text: canonical JSON, keys sorted, one key per line, each field as
    /// `{"edited": DATE, "value": VALUE}`, so git's line diffs and the history read field by field.
    public var fileText: String {
        var lines = [
            "\"createdAt\": \"\(ISO8601.format(createdAt))\"",
            "\"id\": \"\(id.uuidString.lowercased())\"",
        ]
        for (key, field) in fields {
            lines.append("\"\(key)\": {\"edited\": \"\(ISO8601.format(field.edited))\", \"value\": \(field.json)}")
        }
        lines.sort()
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// The card this file describes (validated by the caller through ``SyncedCardFile``).
    func card() throws -> Card {
        var object = "{\"id\":\"\(id.uuidString.lowercased())\",\"createdAt\":\"\(ISO8601.format(createdAt))\""
        for (key, field) in fields.sorted(by: { $0.key < $1.key }) where !SyncedArt.keys.contains(key) {
            object += ",\"\(key)\":\(field.json)"
        }
        return try JSONDecoder().decode(Card.self, from: Data((object + "}").utf8))
    }

    /// The art this file describes: its colors, and its images from `images` (checked by the
    /// caller through ``SyncedArt/checkedImage(_:path:role:digest:)``) for the roles it names.
    func art(images: [CardImageRole: CardImage]) -> CardArtwork {
        var art = CardArtwork(foregroundColor: fields["foregroundColor"]?.shown, labelColor: fields["labelColor"]?.shown)
        for role in CardImageRole.allCases where SyncedArt.digest(of: role, in: self) != nil { art.images[role] = images[role] }
        return art
    }

    /// True when the file names any art.
    var hasArt: Bool { SyncedArt.keys.contains { fields[$0].map { $0.json != "null" } ?? false } }

    /// The store name, for messages.
    var store: String {
        guard let json = fields["store"]?.json else { return id.uuidString.lowercased() }
        return (try? JSONDecoder().decode(String.self, from: Data(json.utf8))) ?? json
    }
}

/// One field's value and the time it was last edited.
public struct SyncedField: Equatable, Sendable {
    /// Compact JSON: `"text"`, `true`, `null`, `["a","b"]`.
    public var json: String
    public var edited: Date

    public init(json: String, edited: Date) {
        (self.json, self.edited) = (json, edited)
    }

    /// The value as people read it: a string without quotes, a list joined, nil for null.
    public var shown: String? {
        guard json != "null" else { return nil }
        let data = Data(json.utf8)
        if let text = try? JSONDecoder().decode(String.self, from: data) { return text }
        if let list = try? JSONDecoder().decode([String].self, from: data) { return list.joined(separator: ", ") }
        return json
    }
}
