import Barcodes
import Foundation

/// The card JSON of CLI.md: every key present (`null` when absent), ids in lower case,
/// dates as ISO 8601 strings whatever the encoder's date strategy, formats by CLI name.
///
/// Decoding is lenient where a person writing JSON by hand would expect it: `id` (a new one),
/// `color` (derived from the store), `note`, the flags, `groups`, `createdAt` (the Unix epoch),
/// `lastUsed` and `usageCount` may be left out. Decoded cards are not validated: call
/// ``Card/validated()``.
extension Card: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, store, code, barcodeValue, format, color, note, favorite, archived, expiry, balance
        case currency, groups, createdAt, lastUsed, usageCount
    }

    public func encode(to encoder: Encoder) throws {
        var visitor = EncodingVisitor(container: encoder.container(keyedBy: CodingKeys.self))
        try visitJSONFields(&visitor)
    }

    /// Hands every key and value of the card JSON to `visitor`, in CLI.md's order: the one list
    /// both `encode(to:)` and the fast ``CardJSONWriter`` write from.
    func visitJSONFields<Visitor: CardJSONVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.field(.id, string: id.lowercasedText)
        try visitor.field(.store, string: store)
        try visitor.field(.code, string: code)
        try visitor.field(.barcodeValue, string: barcodeValue)
        try visitor.field(.format, string: format?.rawValue)
        try visitor.field(.color, string: color)
        try visitor.field(.note, string: note)
        try visitor.field(.favorite, bool: favorite)
        try visitor.field(.archived, bool: archived)
        try visitor.field(.expiry, string: expiry)
        try visitor.field(.balance, string: balance)
        try visitor.field(.currency, string: currency)
        try visitor.field(.groups, strings: groups)
        try visitor.field(.createdAt, string: ISO8601.format(createdAt))
        try visitor.field(.lastUsed, string: lastUsed.map(ISO8601.format))
        try visitor.field(.usageCount, int: usageCount)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let idText = try container.decodeIfPresent(String.self, forKey: .id)
        let store = try container.decode(String.self, forKey: .store)
        let formatName = try container.decodeIfPresent(String.self, forKey: .format)
        var format: Symbology?
        if let formatName {
            guard let symbology = Symbology(name: formatName) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .format, in: container, debugDescription: BarcodeError.unknownFormat(formatName).description)
            }
            format = symbology
        }
        self.init(
            id: try Self.decodeID(idText, container: container),
            store: store,
            code: try container.decode(String.self, forKey: .code),
            barcodeValue: try container.decodeIfPresent(String.self, forKey: .barcodeValue),
            format: format,
            color: try container.decodeIfPresent(String.self, forKey: .color) ?? CardColor.derived(fromStore: store),
            note: try container.decodeIfPresent(String.self, forKey: .note) ?? "",
            favorite: try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false,
            archived: try container.decodeIfPresent(Bool.self, forKey: .archived) ?? false,
            expiry: try container.decodeIfPresent(String.self, forKey: .expiry),
            balance: try container.decodeIfPresent(String.self, forKey: .balance),
            currency: try container.decodeIfPresent(String.self, forKey: .currency),
            groups: try container.decodeIfPresent([String].self, forKey: .groups) ?? [],
            createdAt: try Self.decodeDate(.createdAt, container: container) ?? Date(timeIntervalSince1970: 0),
            lastUsed: try Self.decodeDate(.lastUsed, container: container),
            usageCount: try container.decodeIfPresent(Int.self, forKey: .usageCount) ?? 0)
    }

    private static func decodeID(_ text: String?, container: KeyedDecodingContainer<CodingKeys>) throws -> UUID {
        guard let text else { return UUID() }
        guard let id = UUID(uuidString: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "card id '\(text)' is not a UUID")
        }
        return id
    }

    private static func decodeDate(_ key: CodingKeys, container: KeyedDecodingContainer<CodingKeys>) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\(key.rawValue) '\(text)' is not an ISO 8601 date-time")
        }
        return date
    }
}

/// Receives a card's JSON fields from ``Card/visitJSONFields(_:)``, one call per key in order.
protocol CardJSONVisitor {
    associatedtype Failure: Error
    mutating func field(_ key: Card.CodingKeys, string value: String?) throws(Failure)
    mutating func field(_ key: Card.CodingKeys, bool value: Bool) throws(Failure)
    mutating func field(_ key: Card.CodingKeys, int value: Int) throws(Failure)
    mutating func field(_ key: Card.CodingKeys, strings value: [String]) throws(Failure)
}

/// `Encodable`'s side: every key present, `null` for an absent value.
private struct EncodingVisitor: CardJSONVisitor {
    var container: KeyedEncodingContainer<Card.CodingKeys>

    mutating func field(_ key: Card.CodingKeys, string value: String?) throws(any Error) {
        try container.encode(value, forKey: key)
    }

    mutating func field(_ key: Card.CodingKeys, bool value: Bool) throws(any Error) {
        try container.encode(value, forKey: key)
    }

    mutating func field(_ key: Card.CodingKeys, int value: Int) throws(any Error) {
        try container.encode(value, forKey: key)
    }

    mutating func field(_ key: Card.CodingKeys, strings value: [String]) throws(any Error) {
        try container.encode(value, forKey: key)
    }
}
