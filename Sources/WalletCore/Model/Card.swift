import Foundation
import Barcodes

/// A loyalty card as the wallet stores it: its editable ``fields`` (read and written as
/// `card.store`, `card.note`, ...) plus what the wallet assigns (id, creation date, usage).
/// Field names match the card JSON of CLI.md; its `Codable` form is exactly that JSON (see
/// CardCoding.swift).
@dynamicMemberLookup
public struct Card: Equatable, Sendable, Identifiable {
    /// Stable identifier; deep links use it (`wallet://card/<id>`).
    public var id: UUID
    /// Everything a person can edit: store, code, barcode, color, note, flags, expiry, balance, groups.
    public var fields: CardFields
    public var createdAt: Date
    /// Last time the card was opened, derived from the usage log.
    public var lastUsed: Date?
    /// How often the card was opened, derived from the usage log.
    public var usageCount: Int
    /// Which images the card has, their digest and the pass colors (the images themselves are
    /// read through ``CardReading/images(_:of:)``); written only with the images
    /// (``CardRepository/add(_:art:)``, ``CardRepository/update(_:art:)``, imports).
    public var art: CardArtSummary
    /// The Apple Wallet pass the card was imported from (its issuer's web service, dates and
    /// fields), or nil for a card that is not a pass.
    public var pass: LivePass? {
        get { passStorage.first }
        set { passStorage = newValue.map { [$0] } ?? [] }
    }
    /// The pass in an array of at most one: one pointer in every card (the empty array is
    /// shared, no allocation), so a wallet of cards that are not passes lists as lean as before.
    private var passStorage: [LivePass]

    public init(
        id: UUID = UUID(), fields: CardFields, createdAt: Date, lastUsed: Date? = nil, usageCount: Int = 0,
        art: CardArtSummary = .none, pass: LivePass? = nil
    ) {
        self.id = id
        self.fields = fields
        self.createdAt = createdAt
        self.lastUsed = lastUsed
        self.usageCount = usageCount
        self.art = art
        self.passStorage = pass.map { [$0] } ?? []
    }

    /// The card has an issuer web service it can be pulled from (`live` in the card JSON).
    public var isLive: Bool { pass?.isLive ?? false }

    /// `card.store`, `card.note = ...`: the editable fields as if they were the card's own.
    public subscript<Value>(dynamicMember field: WritableKeyPath<CardFields, Value>) -> Value {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }

    /// The text the barcode encodes: `barcodeValue` when set, else `code`.
    public var encodedValue: String { fields.barcodeValue ?? fields.code }

    /// The character set the barcode's text is written in: the card's, else UTF-8.
    public var barcodeTextEncoding: BarcodeTextEncoding { fields.barcodeEncoding ?? .utf8 }

    /// The card's barcode as `format` (its format, or a format being tried): ``encodedValue``
    /// written in ``barcodeTextEncoding``, in GS1 mode when the card's code is GS1. Every place that
    /// draws a card's barcode goes through here.
    public func barcode(as format: Symbology) throws(BarcodeError) -> BarcodeMatrix {
        try BarcodeEncoder.encode(encodedValue, as: format, encoding: barcodeTextEncoding, gs1: fields.gs1)
    }

    /// The barcode's value as people read it (`Barcodes.BarcodeDisplayText`: GS1 fields in
    /// parentheses, control characters as Control Pictures).
    public var displayedValue: String { BarcodeDisplayText.of(encodedValue, gs1: fields.gs1) }
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
