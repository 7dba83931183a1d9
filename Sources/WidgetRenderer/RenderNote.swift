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

    /// What would give a barcode more room: for one shown as text, room at all; for one at close
    /// range, 3 px per module.
    public enum FitRemedy: Equatable, Sendable {
        /// The tile a widget of this family gives a single card.
        case fewerCards
        /// The same tile at a larger scale.
        case largerScale(Int)
        /// A single card's tile at a larger scale.
        case fewerCardsAndLargerScale(Int)
        /// Nothing a widget offers: the code is too long for a widget.
        case tooLongForWidgets
    }

    case numberShownAsText(cardID: UUID, store: String, reason: TextReason)
    /// The barcode got 2 px per module (`BarcodeFit.minimumModule`): scannable from close range
    /// only; what would give it 3 px.
    case closeRangeOnly(cardID: UUID, store: String, remedy: FitRemedy)
    /// `count` characters of `text` have no glyph in any installed font.
    case missingGlyphs(text: String, count: Int)

    public var description: String {
        switch self {
        case .numberShownAsText(_, let store, .noBarcode):
            "\(store): no barcode format, showing the card number as text"
        case .numberShownAsText(_, let store, .doesNotFit(let remedy)):
            "\(store): barcode does not fit scannably in this tile (needs 2 px per module), "
                + "showing the card number as text; \(remedy.advice(goal: "shows the barcode"))"
        case .numberShownAsText(_, let store, .invalid(let detail)):
            "\(store): barcode cannot be encoded (\(detail)), showing the card number as text"
        case .closeRangeOnly(_, let store, let remedy):
            "\(store): barcode drawn at 2 px per module, close range only; "
                + remedy.advice(goal: "gives it 3 px per module")
        case .missingGlyphs(let text, let count):
            "'\(text)': \(count) character(s) have no glyph in any installed font and show as boxes"
        }
    }
}

extension RenderNote.FitRemedy {
    /// The advice a note ends with; `goal` says what the remedy achieves.
    func advice(goal: String) -> String {
        switch self {
        case .fewerCards: "this widget with fewer cards (alone) \(goal)"
        case .largerScale(let scale): "scale \(scale) \(goal)"
        case .fewerCardsAndLargerScale(let scale): "this widget with fewer cards (alone) at scale \(scale) \(goal)"
        case .tooLongForWidgets:
            "no widget tile does better for a code this long; `wallet card show CARD --png FILE` draws it at any size"
        }
    }
}
