import WidgetEngine

/// Sizes (in points) of a tile's padding and text for a family; multiplied by the scale.
struct TileStyle {
    let padding: Double
    let nameSize: Double
    let numberSize: Double
    let cornerRadius: Double

    init(family: WidgetFamily) {
        switch family {
        case .small:
            padding = 10
            nameSize = 15
            numberSize = 22
        case .medium, .large, .accessoryCircular, .accessoryRectangular, .accessoryInline:
            padding = 6
            nameSize = 12
            numberSize = 17
        }
        cornerRadius = 12
    }

    /// The printed number's font size under a linear code, in pixels, for a module size.
    static func digitsPixelSize(module: Int, scale: Int) -> Double {
        min(max(4.5 * Double(module), 7 * Double(scale)), 11 * Double(scale))
    }

    /// The name line's height at `pixelSize` for layout decisions made without a canvas: at least
    /// what Pango sets with the installed bold sans face (1.17 em), checked by TextEstimateTests.
    static func estimatedNameHeight(pixelSize: Double) -> Double {
        (pixelSize * 1.2).rounded(.up)
    }

    /// The printed number line's height (monospace, 1.36-1.43 em as Pango sets it) under a
    /// linear code at `module` px, estimated without a canvas like ``estimatedNameHeight(pixelSize:)``.
    static func estimatedDigitsHeight(module: Int, scale: Int) -> Int {
        Int((digitsPixelSize(module: module, scale: scale) * 1.45).rounded(.up))
    }
}
