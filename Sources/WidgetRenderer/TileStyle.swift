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
}
