/// Splits text into lines that break only between words, decided in points so the same text
/// breaks the same way at every scale. A line boundary is a space, or the boundary between two
/// ideographs or kana (scripts written without spaces break between characters). A word wider
/// than the line stands alone on its line and ends in an ellipsis; text beyond the last line is
/// cut at a word boundary and ends in an ellipsis.
struct TextLines {
    /// The width of a candidate line in points.
    let measure: (String) -> Double

    static let ellipsis = "…"

    /// At most `maxLines` lines of `text` within `width` points.
    func lines(_ text: String, width: Double, maxLines: Int) -> [String] {
        var lines: [[Unit]] = []
        var current: [Unit] = []
        for unit in Self.units(of: text) {
            if current.isEmpty || measure(Self.join(current + [unit])) <= width {
                current.append(unit)
            } else {
                lines.append(current)
                current = [unit]
            }
        }
        if !current.isEmpty { lines.append(current) }
        // No lone last word (an orphan) when the line before can give it company.
        if lines.count >= 2, lines[lines.count - 1].count == 1, lines[lines.count - 2].count > 2,
            let moved = lines[lines.count - 2].last,
            measure(Self.join([moved] + lines[lines.count - 1])) <= width
        {
            lines[lines.count - 2].removeLast()
            lines[lines.count - 1].insert(moved, at: 0)
        }
        guard lines.count > max(1, maxLines) else { return lines.map(Self.join) }
        var kept = Array(lines.prefix(max(1, maxLines)))
        var last = kept.removeLast()
        while last.count > 1, measure(Self.join(last) + Self.ellipsis) > width { last.removeLast() }
        return kept.map(Self.join) + [Self.join(last) + Self.ellipsis]
    }

    /// A piece between break opportunities and what separates it from the piece before.
    struct Unit {
        let text: String
        let separator: String
    }

    static func units(of text: String) -> [Unit] {
        var units: [Unit] = []
        for (wordIndex, word) in text.split(whereSeparator: \.isWhitespace).enumerated() {
            var piece = ""
            var separator = wordIndex == 0 ? "" : " "
            for character in word {
                if isIdeographic(character) {
                    if !piece.isEmpty {
                        units.append(Unit(text: piece, separator: separator))
                        separator = ""
                    }
                    units.append(Unit(text: String(character), separator: separator))
                    separator = ""
                    piece = ""
                } else {
                    piece.append(character)
                }
            }
            if !piece.isEmpty { units.append(Unit(text: piece, separator: separator)) }
        }
        return units
    }

    static func join(_ units: [Unit]) -> String {
        units.enumerated().map { $0.offset == 0 ? $0.element.text : $0.element.separator + $0.element.text }.joined()
    }

    /// Han ideographs, kana and the CJK punctuation between them.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
