import Foundation

/// A card number set to fit a column, never cut (issue 37, items 2 and 7): on one line at the
/// largest size from `largest` down to `floor` that fits; only when none does, broken once after
/// a space or hyphen, at the most even break whose two lines fit, at the largest size they fit.
/// Where nothing fits at the floor, the number keeps one line at the floor (two, broken evenly,
/// when it has a separator), and the column clips rather than an ellipsis cutting it.
///
/// Shrinking comes first because a number read at the till is read as one string: `FM-` over
/// `1029384756` reads as two numbers.
struct NumberFit: Equatable {
    /// The type size, in points.
    let size: Double
    /// One line, or two.
    let lines: [String]

    /// `fits(text, size)` tells whether `text` fits the column on one line at `size` points.
    static func fit(
        _ number: String, largest: Double, floor: Double, step: Double, fits: (String, Double) -> Bool
    ) -> NumberFit {
        let sizes = Array(stride(from: largest, through: floor, by: -step))
        if let size = sizes.first(where: { fits(number, $0) }) { return NumberFit(size: size, lines: [number]) }
        let breaks = evenBreaks(of: number)
        for size in sizes {
            if let lines = breaks.first(where: { $0.allSatisfy { fits($0, size) } }) {
                return NumberFit(size: size, lines: lines)
            }
        }
        return NumberFit(size: floor, lines: breaks.first ?? [number])
    }

    /// Every way to break `number` in two after a space or hyphen, the most even first (by
    /// characters; the break nearer the end first on a tie), each line trimmed.
    static func evenBreaks(of number: String) -> [[String]] {
        let characters = Array(number)
        let breaks = characters.indices.filter { (characters[$0] == " " || characters[$0] == "-") && $0 + 1 < characters.count }
        return breaks.sorted { a, b in
            let (left, right) = (abs(2 * (a + 1) - characters.count), abs(2 * (b + 1) - characters.count))
            return left == right ? a > b : left < right
        }.map { index in
            [
                String(characters[...index]).trimmingCharacters(in: .whitespaces),
                String(characters[(index + 1)...]).trimmingCharacters(in: .whitespaces),
            ]
        }.filter { !$0[0].isEmpty && !$0[1].isEmpty }
    }
}
