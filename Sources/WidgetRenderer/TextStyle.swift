/// How a piece of text is set.
struct TextStyle {
    enum Alignment { case leading, center }

    var family = "Sans"
    var bold = false
    /// Font size in device pixels.
    var pixelSize: Double
    var color: RGBColor
    var alignment = Alignment.leading
    /// Lines before the text is ellipsized (1: single line).
    var maxLines = 1
    /// Vertically centre the text block in its rectangle (else top-aligned).
    var centeredVertically = false
}
