import Foundation

/// The card JSON of CLI.md: every key present (`null` when absent), ids in lower case,
/// dates as ISO 8601 strings whatever the encoder's date strategy, formats by CLI name.
///
/// Decoding is lenient where a person writing JSON by hand would expect it: `id` (a new one),
/// `color` (derived from the store), `note`, the flags, `groups`, `createdAt` (the Unix epoch),
/// `lastUsed` and `usageCount` may be left out; `logo` (whether the card has a logo image) is
/// derived from its art and ignored on input. Decoded cards are not validated: call
/// ``Card/validated()``. The editable fields' keys are listed in ``CardFields``.
extension Card: Codable {
    public func encode(to encoder: Encoder) throws {
        var visitor = EncodingVisitor(container: encoder.container(keyedBy: CardJSONKey.self))
        try visitJSONFields(&visitor)
    }

    /// Hands every key and value of the card JSON to `visitor`, in CLI.md's order: the one list
    /// both `encode(to:)` and the fast ``CardJSONWriter`` write from.
    func visitJSONFields<Visitor: CardJSONVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.field("id", string: id.lowercasedText)
        try fields.visitJSONFields(&visitor)
        try visitor.field("createdAt", string: ISO8601.format(createdAt))
        try visitor.field("lastUsed", string: lastUsed.map(ISO8601.format))
        try visitor.field("usageCount", int: usageCount)
        try visitor.field("logo", bool: art.has(.logo))
        try visitor.field("live", bool: isLive)
        try visitor.field("updatedAt", string: pass?.updatedAt.map(ISO8601.format))
        try visitor.field("message", string: pass?.message)
        try visitor.field("fields", passFields: pass?.frontFields ?? [])
        try visitor.field("authenticity", authenticity: authenticity)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CardJSONKey.self)
        self.init(
            id: try Self.decodeID(container),
            fields: try CardFields(json: container),
            createdAt: try Self.decodeDate("createdAt", container: container) ?? Date(timeIntervalSince1970: 0),
            lastUsed: try Self.decodeDate("lastUsed", container: container),
            usageCount: try container.decodeIfPresent(Int.self, forKey: "usageCount") ?? 0)
    }

    private static func decodeID(_ container: KeyedDecodingContainer<CardJSONKey>) throws -> UUID {
        guard let text = try container.decodeIfPresent(String.self, forKey: "id") else { return UUID() }
        guard let id = UUID(uuidString: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: "id", in: container, debugDescription: "card id '\(text)' is not a UUID")
        }
        return id
    }

    private static func decodeDate(_ key: CardJSONKey, container: KeyedDecodingContainer<CardJSONKey>) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\(key.stringValue) '\(text)' is not an ISO 8601 date-time")
        }
        return date
    }
}

/// A key of the card JSON, written as a string literal where a field is listed
/// (``CardFields/visitJSONFields(_:)``); the fast writer copies its static text without allocating.
struct CardJSONKey: CodingKey, ExpressibleByStringLiteral {
    /// The key as written in the source.
    let name: StaticString

    init(stringLiteral name: StaticString) { self.name = name }

    var stringValue: String { name.description }
    var intValue: Int? { nil }

    /// Keys come from the source, never from a document: the decoder only looks up known keys.
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { return nil }
}

/// Receives a card's JSON fields from ``Card/visitJSONFields(_:)``, one call per key in order.
protocol CardJSONVisitor {
    associatedtype Failure: Error
    mutating func field(_ key: CardJSONKey, string value: String?) throws(Failure)
    mutating func field(_ key: CardJSONKey, bool value: Bool) throws(Failure)
    mutating func field(_ key: CardJSONKey, int value: Int) throws(Failure)
    mutating func field(_ key: CardJSONKey, strings value: [String]) throws(Failure)
    /// A pass's fields as `[{"key", "label", "value"}]`.
    mutating func field(_ key: CardJSONKey, passFields value: [LiveField]) throws(Failure)
    /// A pass's authenticity as `{"state", "organization", "teamIdentifier", "signedAt", "reason"}`,
    /// or null for a card not from a pass.
    mutating func field(_ key: CardJSONKey, authenticity value: PassAuthenticity?) throws(Failure)
}

/// `Encodable`'s side: every key present, `null` for an absent value.
private struct EncodingVisitor: CardJSONVisitor {
    var container: KeyedEncodingContainer<CardJSONKey>

    mutating func field(_ key: CardJSONKey, string value: String?) throws(any Error) {
        try container.encode(value, forKey: key)
    }

    mutating func field(_ key: CardJSONKey, bool value: Bool) throws(any Error) {
        try container.encode(value, forKey: key)
    }

    mutating func field(_ key: CardJSONKey, int value: Int) throws(any Error) {
        try container.encode(value, forKey: key)
    }

    mutating func field(_ key: CardJSONKey, strings value: [String]) throws(any Error) {
        try container.encode(value, forKey: key)
    }

    mutating func field(_ key: CardJSONKey, passFields value: [LiveField]) throws(any Error) {
        try container.encode(value.map(ShownField.init), forKey: key)
    }

    mutating func field(_ key: CardJSONKey, authenticity value: PassAuthenticity?) throws(any Error) {
        try container.encode(value.map(PassAuthenticityJSON.init), forKey: key)
    }
}

/// A pass field as the card JSON shows it: key, label (null when none) and value.
private struct ShownField: Encodable {
    var key: String
    var label: String?
    var value: String

    init(_ field: LiveField) {
        (key, label, value) = (field.key, field.label, field.value)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(label, forKey: .label)
        try container.encode(value, forKey: .value)
    }

    private enum CodingKeys: String, CodingKey { case key, label, value }
}
