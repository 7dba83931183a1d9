/// How a piece of text is set.
struct TextStyle {
    enum Alignment { case leading, center, trailing }

    /// Font weights the design uses: regular for values, medium for the number, semibold for
    /// names and emphasis; bold only for the large number shown in place of a code.
    enum Weight: String {
        case regular, medium, semibold, bold
    }

    var family = Theme.family
    var weight = Weight.regular
    /// Font size in device pixels.
    var pixelSize: Double
    var color: RGBColor
    var alignment = Alignment.leading
    /// Lines before the text is ellipsized (1: single line).
    var maxLines = 1
    /// Vertically centre the text block in its rectangle (else top-aligned).
    var centeredVertically = false
    /// Figures of equal width (balances, numbers), so digits do not jitter between renders.
    var tabularFigures = false
    /// What the text is drawn on, when known: the layout report states it and the contrast.
    var background: RGBColor?
}
