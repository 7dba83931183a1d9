import Barcodes
import Foundation

/// What a person types to add a card: the card's own fields without the ones the wallet
/// assigns (id, creation date, usage). ``CardRepository/add(_:)`` validates it with the same
/// rules as ``Card/validated()``.
public struct CardDraft: Equatable, Sendable {
    public var store: String
    public var code: String
    public var barcodeValue: String?
    public var format: Symbology?
    /// `#RRGGBB`; nil derives a stable color from the store name (``CardColor/derived(fromStore:)``).
    public var color: String?
    public var note: String
    public var favorite: Bool
    public var archived: Bool
    public var expiry: String?
    public var balance: String?
    public var currency: String?
    public var groups: [String]

    public init(
        store: String, code: String, barcodeValue: String? = nil, format: Symbology? = nil,
        color: String? = nil, note: String = "", favorite: Bool = false, archived: Bool = false,
        expiry: String? = nil, balance: String? = nil, currency: String? = nil, groups: [String] = []
    ) {
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
    }

    /// The card this draft describes, with a new id, created at `now`, validated.
    public func card(id: UUID = UUID(), createdAt now: Date) throws(CardValidationError) -> Card {
        try Card(
            id: id, store: store, code: code, barcodeValue: barcodeValue, format: format,
            color: color ?? CardColor.derived(fromStore: store.trimmingCharacters(in: .whitespacesAndNewlines)),
            note: note, favorite: favorite, archived: archived, expiry: expiry, balance: balance,
            currency: currency, groups: groups, createdAt: now
        ).validated()
    }
}

/// Orders of `wallet card list --sort`; favorites always come first.
public enum CardSort: String, CaseIterable, Sendable {
    /// By store name (case and accents ignored).
    case name
    /// Most recently used first; never-used cards last.
    case recent
    /// Soonest expiry first; cards without expiry last.
    case expiry
    /// Most recently added first.
    case added
}
