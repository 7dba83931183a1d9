import Barcodes
import Foundation

/// A loyalty card as the wallet stores it. Field names match the card JSON of CLI.md; its
/// `Codable` form is exactly that JSON (see CardCoding.swift).
public struct Card: Equatable, Sendable, Identifiable {
    /// Stable identifier; deep links use it (`wallet://card/<id>`).
    public var id: UUID
    /// The store or programme name shown on the card.
    public var store: String
    /// The printed card number.
    public var code: String
    /// What the barcode encodes when it differs from `code`; nil when it is `code`.
    public var barcodeValue: String?
    /// The barcode format; nil when the card has no barcode (its number is shown as text).
    public var format: Symbology?
    /// Card color as `#RRGGBB`.
    public var color: String
    /// Free text, may span lines.
    public var note: String
    public var favorite: Bool
    public var archived: Bool
    /// Expiry date as `YYYY-MM-DD`, or nil.
    public var expiry: String?
    /// Balance as a decimal string (`12.50`), or nil.
    public var balance: String?
    /// ISO 4217 currency of the balance; nil means points.
    public var currency: String?
    /// Names of the groups the card belongs to.
    public var groups: [String]
    public var createdAt: Date
    /// Last time the card was opened, derived from the usage log.
    public var lastUsed: Date?
    /// How often the card was opened, derived from the usage log.
    public var usageCount: Int

    public init(
        id: UUID = UUID(), store: String, code: String, barcodeValue: String? = nil,
        format: Symbology? = nil, color: String, note: String = "", favorite: Bool = false,
        archived: Bool = false, expiry: String? = nil, balance: String? = nil,
        currency: String? = nil, groups: [String] = [], createdAt: Date,
        lastUsed: Date? = nil, usageCount: Int = 0
    ) {
        self.id = id
        self.store = store
        self.code = code
        self.barcodeValue = barcodeValue
        self.format = format
        self.color = color
        self.note = note
        self.favorite = favorite
        self.archived = archived
        self.expiry = expiry
        self.balance = balance
        self.currency = currency
        self.groups = groups
        self.createdAt = createdAt
        self.lastUsed = lastUsed
        self.usageCount = usageCount
    }

    /// The text the barcode encodes: `barcodeValue` when set, else `code`.
    public var encodedValue: String { barcodeValue ?? code }
}

/// One open of a card, the input of the recent and suggested widget modes.
public struct UsageEvent: Codable, Equatable, Sendable {
    public var cardID: UUID
    public var date: Date

    public init(cardID: UUID, date: Date) {
        self.cardID = cardID
        self.date = date
    }
}
