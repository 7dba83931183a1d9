import Foundation

/// Something the renderer did that the user should know about (printed as a note by the CLI).
public enum RenderNote: Equatable, Sendable, CustomStringConvertible {
    /// Why a card's number is drawn as text instead of a barcode.
    public enum TextReason: Equatable, Sendable {
        /// The card has no barcode format.
        case noBarcode
        /// The barcode cannot be drawn at 2 px per module or more in its tile.
        case doesNotFit
        /// The card's data is not a valid barcode of its format.
        case invalid(String)
    }

    case numberShownAsText(cardID: UUID, store: String, reason: TextReason)
    /// `count` characters of `text` have no glyph in any installed font.
    case missingGlyphs(text: String, count: Int)

    public var description: String {
        switch self {
        case .numberShownAsText(_, let store, .noBarcode):
            "\(store): no barcode format, showing the card number as text"
        case .numberShownAsText(_, let store, .doesNotFit):
            "\(store): barcode does not fit scannably in this tile (needs 2 px per module), "
                + "showing the card number as text; a larger family or scale shows the barcode"
        case .numberShownAsText(_, let store, .invalid(let detail)):
            "\(store): barcode cannot be encoded (\(detail)), showing the card number as text"
        case .missingGlyphs(let text, let count):
            "'\(text)': \(count) character(s) have no glyph in any installed font and show as boxes"
        }
    }
}
