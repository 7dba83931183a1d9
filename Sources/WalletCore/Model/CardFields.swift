import Barcodes
import Foundation

/// The fields of a card a person edits, listed once: everything but the ones the wallet
/// assigns (id, creation date, usage). ``Card`` holds them as ``Card/fields`` and reads them
/// through `card.store`, `card.note`, ...; `card add` fills them in as a ``CardDraft``.
///
/// This file is where a field is declared: its property, its parameter of `init` and its line
/// in the card JSON (`visitJSONFields(_:)` and `init(json:)`). Its SQL column is one line of
/// `CardColumns.editable`, its command-line option one in `CardFieldOptions`
/// (docs/ARCHITECTURE.md, "Adding a card field").
public struct CardFields: Equatable, Sendable {
    /// The store or programme name shown on the card.
    public var store: String
    /// The printed card number.
    public var code: String
    /// What the barcode encodes when it differs from `code`; nil when it is `code`.
    public var barcodeValue: String?
    /// The barcode format; nil when the card has no barcode (its number is shown as text).
    public var format: Symbology?
    /// The character set the barcode's text is written in, as a pass's `messageEncoding` or
    /// Catima's `barcodeencoding` names it; nil is the wallet's default, UTF-8 (a validated card
    /// stores UTF-8 as nil).
    public var barcodeEncoding: BarcodeTextEncoding?
    /// The barcode is GS1 (FNC1 in first position): its value is a GS1 element string, GS
    /// (U+001D) between fields, drawn in the format's GS1 mode (`Barcodes.GS1ElementString`).
    /// Only with a format that has one (Code 128, Data Matrix, QR, Aztec).
    public var gs1: Bool
    /// Card color as `#RRGGBB`.
    public var color: String
    /// Free text, may span lines.
    public var note: String
    /// Listed first, in lists and in a widget's card choices.
    public var favorite: Bool
    /// Hidden from lists and widgets.
    public var archived: Bool
    /// Expiry date as `YYYY-MM-DD`, or nil.
    public var expiry: String?
    /// Balance as a decimal string (`12.50`), or nil.
    public var balance: String?
    /// ISO 4217 currency of the balance; nil means points.
    public var currency: String?
    /// Names of the groups the card belongs to.
    public var groups: [String]

    /// A nil `color` derives a stable color from the (trimmed) store name
    /// (``CardColor/derived(fromStore:)``), the color `card add` gives a card without one.
    public init(
        store: String, code: String, barcodeValue: String? = nil, format: Symbology? = nil,
        barcodeEncoding: BarcodeTextEncoding? = nil, gs1: Bool = false, color: String? = nil, note: String = "",
        favorite: Bool = false,
        archived: Bool = false,
        expiry: String? = nil, balance: String? = nil, currency: String? = nil, groups: [String] = []
    ) {
        self.store = store
        self.code = code
        self.barcodeValue = barcodeValue
        self.format = format
        self.barcodeEncoding = barcodeEncoding
        self.gs1 = gs1
        self.color = color ?? CardColor.derived(fromStore: store.trimmingCharacters(in: .whitespacesAndNewlines))
        self.note = note
        self.favorite = favorite
        self.archived = archived
        self.expiry = expiry
        self.balance = balance
        self.currency = currency
        self.groups = groups
    }

    /// Hands each field's JSON key and value to `visitor`, in CLI.md's order (``Card`` adds its
    /// own keys around them).
    func visitJSONFields<Visitor: CardJSONVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.field("store", string: store)
        try visitor.field("code", string: code)
        try visitor.field("barcodeValue", string: barcodeValue)
        try visitor.field("format", string: format?.rawValue)
        try visitor.field("barcodeEncoding", string: barcodeEncoding?.rawValue)
        try visitor.field("gs1", bool: gs1)
        try visitor.field("color", string: color)
        try visitor.field("note", string: note)
        try visitor.field("favorite", bool: favorite)
        try visitor.field("archived", bool: archived)
        try visitor.field("expiry", string: expiry)
        try visitor.field("balance", string: balance)
        try visitor.field("currency", string: currency)
        try visitor.field("groups", strings: groups)
    }

    /// The fields of a card JSON object: `store` and `code` required, the rest may be left out
    /// (their `init` defaults); `format` by CLI name.
    init(json container: KeyedDecodingContainer<CardJSONKey>) throws {
        let store = try container.decode(String.self, forKey: "store")
        self.init(
            store: store,
            code: try container.decode(String.self, forKey: "code"),
            barcodeValue: try container.decodeIfPresent(String.self, forKey: "barcodeValue"),
            format: try Self.decodeFormat(container),
            barcodeEncoding: try Self.decodeBarcodeEncoding(container),
            gs1: try container.decodeIfPresent(Bool.self, forKey: "gs1") ?? false,
            color: try container.decodeIfPresent(String.self, forKey: "color") ?? CardColor.derived(fromStore: store),
            note: try container.decodeIfPresent(String.self, forKey: "note") ?? "",
            favorite: try container.decodeIfPresent(Bool.self, forKey: "favorite") ?? false,
            archived: try container.decodeIfPresent(Bool.self, forKey: "archived") ?? false,
            expiry: try container.decodeIfPresent(String.self, forKey: "expiry"),
            balance: try container.decodeIfPresent(String.self, forKey: "balance"),
            currency: try container.decodeIfPresent(String.self, forKey: "currency"),
            groups: try container.decodeIfPresent([String].self, forKey: "groups") ?? [])
    }

    private static func decodeFormat(_ container: KeyedDecodingContainer<CardJSONKey>) throws -> Symbology? {
        guard let name = try container.decodeIfPresent(String.self, forKey: "format") else { return nil }
        guard let symbology = Symbology(name: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: "format", in: container, debugDescription: BarcodeError.unknownFormat(name).description)
        }
        return symbology
    }

    private static func decodeBarcodeEncoding(_ container: KeyedDecodingContainer<CardJSONKey>) throws -> BarcodeTextEncoding? {
        guard let name = try container.decodeIfPresent(String.self, forKey: "barcodeEncoding") else { return nil }
        do {
            return try BarcodeTextEncoding.named(name)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: "barcodeEncoding", in: container, debugDescription: error.description)
        }
    }

    /// The card these fields describe, with a new id, created at `now`, validated.
    public func card(id: UUID = UUID(), createdAt now: Date) throws(CardValidationError) -> Card {
        try Card(id: id, fields: self, createdAt: now).validated()
    }
}

/// What a person types to add a card: the editable fields before the wallet assigns an id and
/// a creation date. ``CardRepository/add(_:art:)`` validates it with the same rules as
/// ``Card/validated()``.
public typealias CardDraft = CardFields
