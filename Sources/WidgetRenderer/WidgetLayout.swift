import WidgetEngine

/// Where each slot's tile sits in a widget, in points. Pure geometry: the tap map and the
/// drawing both come from it, so a link rectangle is exactly its tile.
public struct WidgetLayout: Equatable, Sendable {
    /// Space between the widget's edge and the tiles.
    static let margin = 8.0
    /// Space between tiles.
    static let gap = 6.0
    /// The platform's container corner radius for home-screen widgets.
    static let cornerRadius = 22.0

    /// The widget's bounds (origin 0, 0).
    public let bounds: Rect
    /// One rectangle per slot, in slot order (row by row).
    public let tiles: [Rect]

    /// Lays out `slotCount` slots for `family` in a widget of `size` points.
    public init(family: WidgetFamily, size: PointSize, slotCount: Int) {
        bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let count = min(slotCount, family.maxCards)
        guard count > 0 else {
            tiles = []
            return
        }
        let (columns, rows) = Self.grid(family: family, count: count)
        // A one-card widget (small, lock screen): its tile is the whole widget.
        let inner = family.maxCards == 1 ? bounds : bounds.insetBy(Self.margin)
        let width = (inner.width - Self.gap * Double(columns - 1)) / Double(columns)
        let height = (inner.height - Self.gap * Double(rows - 1)) / Double(rows)
        tiles = (0..<count).map { index in
            let column = index % columns
            let row = index / columns
            return Rect(
                x: inner.x + Double(column) * (width + Self.gap), y: inner.y + Double(row) * (height + Self.gap),
                width: width, height: height)
        }
    }

    /// Columns and rows for `count` slots: one tile fills the widget; medium puts two side by
    /// side and up to four in a 2x2 grid; large stacks two and fills two columns of up to 4 rows.
    static func grid(family: WidgetFamily, count: Int) -> (columns: Int, rows: Int) {
        switch (family, count) {
        case (_, 1): (1, 1)
        case (.medium, 2): (2, 1)
        case (.large, 2): (1, 2)
        default: (2, (count + 1) / 2)
        }
    }
}
