/// Widens the wide elements of the two-width codes (Code 39, Codabar) from libzint's 2:1 to 3:1.
///
/// The specifications allow a wide-to-narrow ratio of 2.0 to 3.0; libzint 2.11 draws 2.0 and has
/// no option for it. At the small modules a widget affords (2-3 px), 2:1 leaves a scanner no room:
/// a slight downscale or tilt makes wide and narrow indistinguishable. 3:1 restores the margin.
///
/// In both codes bars and spaces strictly alternate and every element (the inter-character gap
/// included) is one run of equal modules, 1 module narrow or 2 modules wide in libzint's row; so
/// each run of 2 becomes a run of 3 and narrow runs stay as they are.
enum WideBarRatio {
    /// The ratio the widened row uses, in narrow modules per wide element.
    static let wideModules = 3

    /// True for the formats drawn with narrow and wide elements only, whose ratio this widens.
    static func applies(to symbology: Symbology) -> Bool {
        symbology == .code39 || symbology == .codabar
    }

    /// `row` (dark = true) with every 2-module run widened to ``wideModules``.
    static func widen(_ row: [Bool]) -> [Bool] {
        var widened: [Bool] = []
        widened.reserveCapacity(row.count * 3 / 2)
        var start = 0
        while start < row.count {
            var end = start
            while end < row.count, row[end] == row[start] { end += 1 }
            let length = end - start
            let drawn = length == 2 ? wideModules : length
            widened.append(contentsOf: repeatElement(row[start], count: drawn))
            start = end
        }
        return widened
    }
}
