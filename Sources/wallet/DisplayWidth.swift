/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// shown as emoji take two, combining marks and zero-width characters none (they belong to the
/// character before them or show nothing), everything else one. Tables line up by this, not by
/// `count`, so a row with a CJK or emoji store name stays in its columns.
enum DisplayWidth {
    /// Columns `text` takes.
    static func of(_ text: String) -> Int {
        // Printable ASCII, most store names and every number: one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// Columns one character (a grapheme cluster) takes.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // One scalar below Hangul Jamo (Latin, Greek, Cyrillic, ...): one column, unless it is a
        // mark or a format character standing alone.
        if scalars.count == 1, first.value < 0x1100, first.value >= 0x20, !(0x300...0x36F).contains(first.value),
            first.value != 0xAD, !(0x7F...0x9F).contains(first.value)
        {
            return 1
        }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }) { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// `text` cut to at most `width` columns: as it is when it fits, else as many whole
    /// characters as fit before an ellipsis.
    static func truncated(_ text: String, to width: Int) -> String {
        truncated(text, measuring: of(text), to: width)
    }

    /// ``truncated(_:to:)`` for text whose width, `measured`, is known.
    static func truncated(_ text: String, measuring measured: Int, to width: Int) -> String {
        guard measured > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = of(character)
            guard used + next <= width - 1 else { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// The East Asian Wide (W) and Fullwidth (F) blocks of Unicode's EastAsianWidth.txt, as
    /// ranges of whole blocks (Hangul Jamo, CJK radicals to Yi, Hangul syllables, compatibility
    /// ideographs, vertical and small forms, fullwidth forms, the supplementary ideograph planes).
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        wide.contains { $0.contains(value) }
    }
}
