/// The order in which the list's bound rows that show an outdated card are shown anew after the
/// cards changed (a keystroke in the search, a reload). GTK 4.8's list view keeps about 200 rows
/// bound, and laying out 200 rows of new text takes longer than a frame; so the rows on screen
/// and a few beyond are shown at once and the others a few per frame, nearest to the screen first,
/// before a scroll can bring them into view.
enum RowRefresh {
    /// Rows shown anew per frame after the first.
    static let perFrame = 16
    /// Rows beyond each edge of the screen shown at once with those on it.
    static let margin = 8

    /// Of the positions in `stale`, those to show now (on screen, `visible`, or within
    /// ``margin`` of it; all of them when where the screen is is not known yet) and the rest in the
    /// order to show them later, nearest to the screen first.
    static func plan(stale: [Int], visible: Range<Int>?) -> (now: [Int], later: [Int]) {
        guard let visible else { return (stale.sorted(), []) }
        let near = (visible.lowerBound - margin)..<(visible.upperBound + margin)
        let now = stale.filter(near.contains).sorted()
        let later = stale.filter { !near.contains($0) }.sorted { (distance($0, to: near), $0) < (distance($1, to: near), $1) }
        return (now, later)
    }

    private static func distance(_ position: Int, to range: Range<Int>) -> Int {
        position < range.lowerBound ? range.lowerBound - position : position - range.upperBound + 1
    }
}
