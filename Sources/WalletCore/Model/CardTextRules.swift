/// What a card's text fields may hold, checked in this one place for `add`, `edit` and every
/// importer (through ``Card/validated()``).
///
/// - No control characters (C0 including NUL, DEL, C1): a NUL truncates the text in SQLite,
///   and escape sequences, BEL or backspace would act on the terminal that shows the card.
///   Notes alone may hold line breaks (LF, CR, CR LF) and tabs, which real passes' back fields
///   carry; output escapes a CR that is not part of a line break (the CLI's `TerminalText`).
/// - No bidirectional overrides or isolates (U+202A-U+202E, U+2066-U+2069), which make a
///   terminal show text in another order than it is stored; no line or paragraph separators
///   (U+2028, U+2029) outside notes.
/// - A length cap per field, far above any real card, so a hostile import cannot make
///   rendering or listing take gigabytes.
public enum CardTextRules {
    /// The most characters a store name holds.
    public static let storeLimit = 200
    /// The most characters a card number holds.
    public static let codeLimit = 512
    /// The most characters a barcode value holds (a QR code carries at most 7,089 digits).
    public static let barcodeValueLimit = 7_089
    /// The most characters a note holds.
    public static let noteLimit = 10_000
    /// The most characters a group name holds.
    public static let groupLimit = 100

    /// Throws when `text`, the value of `field`, breaks the rules above.
    static func check(_ text: String, field: String, limit: Int, multiline: Bool = false) throws(CardValidationError) {
        let length = text.count
        guard length <= limit else { throw .tooLong(field: field, length: length, limit: limit) }
        if let scalar = text.unicodeScalars.first(where: { isRefused($0, multiline: multiline) }) {
            throw .controlCharacter(field: field, scalar: scalar.value)
        }
    }

    /// Throws when a barcode value breaks the rules above, except that it may hold the C0
    /// control characters a symbol carries (RS, GS, EOT of an ISO/IEC 15434 message, GS between
    /// GS1 fields): they are the payload's own bytes, and every output shows them escaped or as
    /// Control Pictures. NUL, DEL and C1 stay refused.
    static func checkBarcodeValue(_ text: String) throws(CardValidationError) {
        let length = text.count
        guard length <= barcodeValueLimit else {
            throw .tooLong(field: "barcode value", length: length, limit: barcodeValueLimit)
        }
        if let scalar = text.unicodeScalars.first(where: { isRefusedInBarcodeValue($0) }) {
            throw .controlCharacter(field: "barcode value", scalar: scalar.value)
        }
    }

    /// True for a scalar no barcode value may hold (see `checkBarcodeValue(_:)`).
    public static func isRefusedInBarcodeValue(_ scalar: Unicode.Scalar) -> Bool {
        (0x01...0x1F).contains(scalar.value) ? false : isRefused(scalar, multiline: false)
    }

    /// True for a scalar no card text may hold (`multiline`: line feed, carriage return and tab
    /// are allowed).
    public static func isRefused(_ scalar: Unicode.Scalar, multiline: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x09: !multiline
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: !multiline
        default: false
        }
    }

    /// `U+001B` for 0x1B: how messages name a refused scalar.
    public static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
