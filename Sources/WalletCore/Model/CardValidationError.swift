import Barcodes

/// Why a card's fields cannot be stored. Each ``description`` is one line naming the field,
/// the offending value and the accepted form.
public enum CardValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyStore
    case multiLineStore(String)
    case emptyCode
    /// The value the barcode would encode does not fit the format.
    case invalidBarcode(field: String, value: String, format: Symbology, reason: BarcodeError)
    case invalidColor(String)
    case invalidExpiry(String)
    case negativeBalance(String)
    case invalidBalance(String)
    case invalidCurrency(String)
    case currencyWithoutBalance(String)
    case emptyGroupName
    case negativeUsageCount(Int)
    /// A field longer than its cap (``CardTextRules``).
    case tooLong(field: String, length: Int, limit: Int)
    /// A control character, bidi override or separator the field may not hold (``CardTextRules``).
    case controlCharacter(field: String, scalar: UInt32)
    /// A pass color (`foregroundColor`, `labelColor`) that is not `#RRGGBB`.
    case invalidArtColor(field: String, value: String)
    /// An image that is not one the wallet encoded within its role's bounds (``CardArtwork/validated()``).
    case invalidImage(role: CardImageRole, reason: String)

    public var description: String {
        switch self {
        case .emptyStore:
            "store name is empty: every card needs a store name"
        case .multiLineStore(let store):
            "store name \(Self.quoted(store)) spans several lines: give it on one line (use the note for more text)"
        case .emptyCode:
            "card number is empty: every card needs the number printed on it"
        case .invalidBarcode(let field, let value, let format, let reason):
            "\(field) \(Self.quoted(value)) is not a valid \(format.rawValue) barcode: \(reason)"
        case .invalidColor(let text):
            "color \(Self.quoted(text)) is not #RRGGBB: use a hex color such as #1E88E5"
        case .invalidExpiry(let text):
            "expiry \(Self.quoted(text)) is not a date: use YYYY-MM-DD, e.g. 2027-03-31"
        case .negativeBalance(let text):
            "balance \(text) is negative: give the amount left on the card (0 or more)"
        case .invalidBalance(let text):
            "balance \(Self.quoted(text)) is not a number: use digits with an optional decimal point, e.g. 12.50"
        case .invalidCurrency(let text):
            "currency \(Self.quoted(text)) is not a 3-letter ISO 4217 code: use e.g. EUR or USD"
        case .currencyWithoutBalance(let currency):
            "currency \(currency) given without a balance: give the balance too (or no currency for points)"
        case .emptyGroupName:
            "group name is empty: give each group a name"
        case .negativeUsageCount(let count):
            "usage count \(count) is negative"
        case .tooLong(let field, let length, let limit):
            "\(field) is \(length) characters long, over the limit of \(limit): shorten it"
        case .controlCharacter(let field, let scalar):
            "\(field) contains the control character \(Self.codePoint(scalar)): remove it "
                + "(NUL, escape sequences, other control characters and bidi overrides are refused)"
        case .invalidArtColor(let field, let text):
            "\(field) \(Self.quoted(text)) is not #RRGGBB: use a hex color such as #FFFFFF"
        case .invalidImage(let role, let reason):
            "\(role.rawValue) image \(reason)"
        }
    }

    /// `text` in quotes, cut to 60 characters, with anything unprintable escaped (the value may
    /// be what was refused for holding an escape sequence).
    private static func quoted(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return "'"
            + shown.unicodeScalars.map { scalar in
                CardTextRules.isRefused(scalar, multiline: false) ? codePoint(scalar.value) : String(scalar)
            }.joined() + "'"
    }

    private static func codePoint(_ scalar: UInt32) -> String {
        CardTextRules.codePoint(scalar)
    }
}
