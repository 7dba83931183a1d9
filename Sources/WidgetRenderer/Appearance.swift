/// Light or dark mode.
public enum Appearance: String, CaseIterable, Sendable, Codable {
    case light
    case dark

    /// The widget's background.
    var background: RGBColor { self == .light ? RGBColor(0xFF, 0xFF, 0xFF) : RGBColor(0x1C, 0x1C, 0x1E) }
    /// Empty slots and redaction bars.
    var secondaryFill: RGBColor { self == .light ? RGBColor(0xE5, 0xE5, 0xEA) : RGBColor(0x3A, 0x3A, 0x3C) }
    /// Text drawn on the background (empty state).
    var primaryText: RGBColor { self == .light ? RGBColor(0x1C, 0x1C, 0x1E) : RGBColor(0xF2, 0xF2, 0xF7) }
    var secondaryText: RGBColor { self == .light ? RGBColor(0x6C, 0x6C, 0x70) : RGBColor(0xAE, 0xAE, 0xB2) }
}
