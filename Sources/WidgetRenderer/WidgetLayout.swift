import WidgetEngine

/// Where each slot's tile sits in a widget, in points. Pure geometry: the tap map and the
/// drawing both come from it, so a link rectangle is exactly its tile.
///
/// Tiles go in rows, in slot order. A family that holds more than one card puts two half-width
/// tiles side by side per row; a slot in `fullWidthRows` (a linear code too wide for half a
/// widget, chosen by `FullWidthRowPlanner`) gets a row of its own, at least as tall as asked,
/// and then any slot left alone in its row spans the full width too. Where the family has too few
/// rows for that, the other slots go three to a row, and then, if need be, the full-width row
/// moves to the top (a slot in the first half) or the bottom (issue 37: a 17-character Code 39 in
/// a 4-card medium widget). Rows share the height equally otherwise.
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
    /// The width of a full-width row's tile.
    let fullRowWidth: Double

    /// Lays out `slotCount` slots for `family` in a widget of `size` points. `fullWidthRows` maps
    /// slots that get a row of their own to that row's minimum height in points (0: an equal
    /// share); `rows(family:count:fullWidthSlots:)` drops requests the family has no rows for.
    public init(family: WidgetFamily, size: PointSize, slotCount: Int, fullWidthRows: [Int: Double] = [:]) {
        bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let count = min(slotCount, family.maxCards)
        // A one-card widget (small, lock screen): its tile is the whole widget.
        let inner = family.maxCards == 1 ? bounds : bounds.insetBy(Self.margin)
        fullRowWidth = inner.width
        guard let rows = Self.rows(family: family, count: count, fullWidthSlots: Set(fullWidthRows.keys)) else {
            tiles = []
            return
        }
        let minimums = rows.map { $0.count == 1 ? fullWidthRows[$0[0]] ?? 0 : 0 }
        let heights = Self.rowHeights(total: inner.height - Self.gap * Double(rows.count - 1), minimums: minimums)
        // Once a full-width row is granted, a slot left alone in its row takes the whole row too.
        let stretchLoneTiles = rows.contains { $0.count == 1 && fullWidthRows[$0[0]] != nil }
        var tiles = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: count)
        var y = inner.y
        for (row, height) in zip(rows, heights) {
            let columns = row.count > 1 || (!stretchLoneTiles && Self.columns(family, count) == 2) ? max(2, row.count) : 1
            let width = (inner.width - Self.gap * Double(columns - 1)) / Double(columns)
            for (column, slot) in row.enumerated() {
                tiles[slot] = Rect(x: inner.x + Double(column) * (width + Self.gap), y: y, width: width, height: height)
            }
            y += height + Self.gap
        }
        self.tiles = tiles
    }

    /// Slot indices row by row, nil for no slots. One tile fills the widget; large with two cards
    /// stacks them; otherwise two per row, except that a slot in `fullWidthSlots` takes a row of its
    /// own. When the family's rows (medium 2, large 4) cannot hold that, the other slots go three
    /// to a row; then the full-width rows move to the widget's top or bottom; requests that still
    /// do not fit are dropped, last ones first.
    static func rows(family: WidgetFamily, count: Int, fullWidthSlots: Set<Int>) -> [[Int]]? {
        guard count > 0 else { return nil }
        if columns(family, count) == 1 { return (0..<count).map { [$0] } }
        let maximum = max(1, family.maxCards / 2)
        var requests = fullWidthSlots.filter { $0 < count }.sorted()
        while true {
            let full = Set(requests)
            let plans = [
                packedRows(count: count, fullWidth: full, columns: 2, atEnds: false),
                packedRows(count: count, fullWidth: full, columns: 3, atEnds: false),
                packedRows(count: count, fullWidth: full, columns: 3, atEnds: true),
            ]
            if requests.isEmpty { return plans[0] }
            if let plan = plans.first(where: { $0.count <= maximum }) { return plan }
            requests.removeLast()
        }
    }
    /// Row heights summing to `total`: a row whose minimum exceeds an equal share gets its
    /// minimum, the others share what is left equally (all equal when the minimums cannot be met).
    static func rowHeights(total: Double, minimums: [Double]) -> [Double] {
        var fixed = Set<Int>()
        while true {
            let left = total - fixed.reduce(0) { $0 + minimums[$1] }
            let free = minimums.count - fixed.count
            guard free > 0, left > 0 else { return minimums.map { _ in total / Double(minimums.count) } }
            let share = left / Double(free)
            let more = minimums.indices.filter { !fixed.contains($0) && minimums[$0] > share }
            if more.isEmpty { return minimums.indices.map { fixed.contains($0) ? minimums[$0] : share } }
            fixed.formUnion(more)
        }
    }

    private static func columns(_ family: WidgetFamily, _ count: Int) -> Int {
        count == 1 || (family.traits.stacksTwoCards && count == 2) ? 1 : 2
    }

    /// The slots in rows of at most `columns`, each run between full-width slots split into as
    /// few rows as evenly filled as can be (the first rows the fuller); a full-width slot stands
    /// alone, in slot order, or with `atEnds` at the top (a slot in the first half) or bottom.
    private static func packedRows(count: Int, fullWidth: Set<Int>, columns: Int, atEnds: Bool) -> [[Int]] {
        func split(_ run: [Int]) -> [[Int]] {
            guard !run.isEmpty else { return [] }
            let rows = (run.count + columns - 1) / columns
            var start = 0
            return (0..<rows).map { row in
                let length = run.count / rows + (row < run.count % rows ? 1 : 0)
                defer { start += length }
                return Array(run[start..<(start + length)])
            }
        }
        if atEnds {
            let top = fullWidth.filter { 2 * $0 < count - 1 }.sorted().map { [$0] }
            let bottom = fullWidth.filter { 2 * $0 >= count - 1 }.sorted().map { [$0] }
            return top + split((0..<count).filter { !fullWidth.contains($0) }) + bottom
        }
        var rows: [[Int]] = []
        var run: [Int] = []
        for slot in 0..<count {
            guard fullWidth.contains(slot) else {
                run.append(slot)
                continue
            }
            rows += split(run) + [[slot]]
            run = []
        }
        return rows + split(run)
    }
}
