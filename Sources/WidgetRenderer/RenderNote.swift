import Foundation

/// Something the renderer did that the user should know about (printed as a note by the CLI).
public enum RenderNote: Equatable, Sendable, CustomStringConvertible {
    /// Why a card's number is drawn as text instead of a barcode.
    public enum TextReason: Equatable, Sendable {
        /// The card has no barcode format.
        case noBarcode
        /// The barcode cannot be drawn at 2 px per module or more in its tile; what would help.
        case doesNotFit(FitRemedy)
        /// The card's data is not a valid barcode of its format.
        case invalid(String)
    }

    /// What would let a barcode that does not fit its tile be drawn.
    public enum FitRemedy: Equatable, Sendable {
        /// The tile a widget of this family gives a single card fits it.
        case fewerCards
        /// The same tile at a larger scale fits it.
        case largerScale(Int)
        /// A single card's tile at a larger scale fits it.
        case fewerCardsAndLargerScale(Int)
        /// No widget tile is wide enough: the code is too long for a widget.
        case tooLongForWidgets
    }

    case numberShownAsText(cardID: UUID, store: String, reason: TextReason)
    /// The barcode got 2 px per module (``BarcodeFit/minimumModule``): scannable from close range only.
    case closeRangeOnly(cardID: UUID, store: String)
    /// `count` characters of `text` have no glyph in any installed font.
    case missingGlyphs(text: String, count: Int)

    public var description: String {
        switch self {
        case .numberShownAsText(_, let store, .noBarcode):
            "\(store): no barcode format, showing the card number as text"
        case .numberShownAsText(_, let store, .doesNotFit(let remedy)):
            "\(store): barcode does not fit scannably in this tile (needs 2 px per module), "
                + "showing the card number as text; \(remedy.advice)"
        case .numberShownAsText(_, let store, .invalid(let detail)):
            "\(store): barcode cannot be encoded (\(detail)), showing the card number as text"
        case .closeRangeOnly(_, let store):
            "\(store): barcode drawn at 2 px per module, close range only; "
                + "fewer cards in this widget or scale 3 give it more margin"
        case .missingGlyphs(let text, let count):
            "'\(text)': \(count) character(s) have no glyph in any installed font and show as boxes"
        }
    }
}

extension RenderNote.FitRemedy {
    /// The advice the note ends with.
    var advice: String {
        switch self {
        case .fewerCards: "this widget with fewer cards (alone) shows the barcode"
        case .largerScale(let scale): "scale \(scale) shows the barcode"
        case .fewerCardsAndLargerScale(let scale): "this widget with fewer cards (alone) at scale \(scale) shows the barcode"
        case .tooLongForWidgets:
            "the code is too long for any widget tile; `wallet card show CARD --png FILE` draws it"
        }
    }
}
