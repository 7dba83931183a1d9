import Barcodes
import Foundation
import WalletCore

/// A card as JSON, with the keys of CLI.md's card JSON; absent values are written as `null`.
///
/// On reading, only `store` and `code` are required: a missing `id` gets a new one, a missing
/// `createdAt` the import time, a missing `color` the import default, so hand-written files work.
struct CardJSON: Codable {
    var id: String?
    var store: String
    var code: String
    var barcodeValue: String?
    var format: String?
    var color: String?
    var note: String?
    var favorite: Bool?
    var archived: Bool?
    var expiry: String?
    var balance: String?
    var currency: String?
    var groups: [String]?
    var createdAt: String?
    var lastUsed: String?
    var usageCount: Int?

    init(_ card: Card) {
        id = card.id.uuidString
        store = card.store
        code = card.code
        barcodeValue = card.barcodeValue
        format = card.format?.rawValue
        color = card.color
        note = card.note
        favorite = card.favorite
        archived = card.archived
        expiry = card.expiry
        balance = card.balance
        currency = card.currency
        groups = card.groups
        createdAt = JSONDates.format(card.createdAt)
        lastUsed = card.lastUsed.map(JSONDates.format)
        usageCount = card.usageCount
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(store, forKey: .store)
        try container.encode(code, forKey: .code)
        try container.encode(barcodeValue, forKey: .barcodeValue)
        try container.encode(format, forKey: .format)
        try container.encode(color, forKey: .color)
        try container.encode(note, forKey: .note)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(archived, forKey: .archived)
        try container.encode(expiry, forKey: .expiry)
        try container.encode(balance, forKey: .balance)
        try container.encode(currency, forKey: .currency)
        try container.encode(groups, forKey: .groups)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lastUsed, forKey: .lastUsed)
        try container.encode(usageCount, forKey: .usageCount)
    }

    /// The card this JSON describes; `path` (e.g. `cards[3]`) locates errors.
    func card(now: Date, path: String) throws(LocatedProblem) -> Card {
        func at(_ key: String) -> SourceLocation { .jsonPath("\(path).\(key)") }
        var uuid = UUID()
        if let id {
            guard let parsed = UUID(uuidString: id) else {
                throw LocatedProblem(.invalidJSON("'\(id)' is not a UUID"), at: at("id"))
            }
            uuid = parsed
        }
        var symbology: Symbology?
        if let format, !format.isEmpty {
            guard let parsed = Symbology(name: format) else { throw LocatedProblem(.unknownBarcodeType(format), at: at("format")) }
            symbology = parsed
        }
        let hex = color.map { ColorEncodings.rgbValue(hex: $0).map(ColorEncodings.hex(rgb:)) } ?? ColorEncodings.importDefault
        guard let hex else { throw LocatedProblem(.invalidColor(color ?? ""), at: at("color")) }
        if let expiry, CatimaValues.dayParts(expiry) == nil {
            throw LocatedProblem(.invalidDate(field: "expiry", value: expiry), at: at("expiry"))
        }
        let card = Card(
            id: uuid, store: store, code: code, barcodeValue: barcodeValue == code ? nil : barcodeValue,
            format: symbology, color: hex, note: note ?? "", favorite: favorite ?? false,
            archived: archived ?? false, expiry: expiry,
            balance: try located(at("balance")) { () throws(LocatedProblem) in try balance.flatMap(CatimaValues.balance) },
            currency: try located(at("currency")) { () throws(LocatedProblem) in try currency.flatMap(CatimaValues.currency) },
            groups: groups ?? [],
            createdAt: try createdAt.map { text throws(LocatedProblem) in try JSONDates.parse(text, at: at("createdAt")) } ?? now)
        return try CardCheck.checked(card, at: .jsonPath(path))
    }

    /// The last use this JSON states, for files without a usage list.
    func lastUseDate(path: String) throws(LocatedProblem) -> Date? {
        try lastUsed.map { text throws(LocatedProblem) in try JSONDates.parse(text, at: .jsonPath("\(path).lastUsed")) }
    }

    private func located<T>(_ location: SourceLocation, _ body: () throws(LocatedProblem) -> T) throws(LocatedProblem) -> T {
        do {
            return try body()
        } catch {
            throw LocatedProblem(error.problem, at: location)
        }
    }
}

/// ISO 8601 dates in the JSON export: whole seconds, or milliseconds when the date has them.
enum JSONDates {
    static func format(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.truncatingRemainder(dividingBy: 1000) != 0 else { return ISO8601.format(date) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
    }

    static func parse(_ text: String, at location: SourceLocation) throws(LocatedProblem) -> Date {
        guard let date = ISO8601.parse(text) else {
            throw LocatedProblem(.invalidDate(field: "date", value: text), at: location)
        }
        return date
    }
}
