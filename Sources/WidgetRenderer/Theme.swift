import WidgetEngine

/// The design tokens every drawer reads: type sizes and spacing in points (multiplied by the
/// scale when drawn, so a layout is the same at every scale), corner radii, the font family and
/// the contrast rule. Reference points: docs/DESIGN.md (Apple's widget and typography guidance).
/// Nothing else hard-codes a size or a color.
enum Theme {
    /// The interface face (Debian `fonts-inter`), close in spirit to SF; fontconfig falls back
    /// to Noto/Droid for scripts it lacks (CJK, Arabic), DejaVu when Inter is missing.
    static let family = "Inter, Noto Sans, DejaVu Sans"
    /// The face of printed card numbers under linear codes: tabular figures, monospaced feel.
    static let numberFamily = "Inter, DejaVu Sans Mono"

    /// Minimum contrast of any text run against what is behind it (WCAG 2 AA, normal text).
    static let minimumContrast = 4.5
    /// What color choices aim for, so antialiasing and palette quantisation keep the measured
    /// contrast above ``minimumContrast``.
    static let targetContrast = 4.8

    /// The smallest type anywhere: the printed number and primary lines (points).
    static let numberFloor = 11.0
    /// A header logo at most this many times as wide as high is an icon, not a wordmark: the
    /// card's name is drawn beside it.
    static let iconAspect = 1.5
    /// The smallest secondary text (labels, freshness), in points.
    static let secondaryFloor = 10.0

    /// Sizes of a tile in a family, in points.
    struct Tile {
        /// Space inside the tile's edges.
        let padding: Double
        /// The colored header band's height (name or logo, state, star).
        let headerHeight: Double
        /// The store name's size in the header.
        let nameSize: Double
        /// The state line's size in the header (balance, expiry) and the body's info lines.
        let infoSize: Double
        /// The number shown large when a card has no drawable code.
        let numberSize: Double
        /// The tile's corner radius.
        let cornerRadius: Double
        /// A caption line under the name (small widget: "2 of 5").
        let captionSize: Double
    }

    /// Tile tokens for `family`. One-card widgets use the container's radius; tiles inside medium
    /// and large widgets are concentric with it (outer radius minus the margin).
    static func tile(_ family: WidgetFamily) -> Tile {
        switch family {
        case .small:
            Tile(
                padding: 12, headerHeight: 44, nameSize: 15, infoSize: 12, numberSize: 22,
                cornerRadius: WidgetLayout.cornerRadius, captionSize: 11)
        case .medium, .large, .accessoryCircular, .accessoryRectangular, .accessoryInline:
            Tile(
                padding: 8, headerHeight: 22, nameSize: 13, infoSize: 11, numberSize: 17,
                cornerRadius: WidgetLayout.cornerRadius - WidgetLayout.margin, captionSize: 11)
        }
    }

    /// Font size of the printed number under a linear code, in points.
    static let digitsSize = numberFloor

    /// Corner radius of a 2D code's white plate (points): inside its quiet zone, never touching a module.
    static let plateRadius = 4.0
    /// Space above and below a logo in the header band (points).
    static let logoInset = 3.0

    /// Gutter between a 2D code's plate and the info column (points).
    static let gutter = 8.0
}
