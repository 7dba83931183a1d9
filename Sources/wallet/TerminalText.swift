import WalletCore

/// The one output-escaping helper of the CLI: text that came from the wallet or from the user
/// (store names, numbers, notes, groups, file names in error messages) goes through it before it
/// reaches a terminal, so it cannot carry escape sequences, BEL, backspace, C1 controls or bidi
/// overrides there, even if an older wallet stored them before validation refused them.
enum TerminalText {
    /// `text` with every scalar ``CardTextRules`` refuses written as `\u{1B}`; line breaks and
    /// tabs are kept when `multiline` (a note), escaped otherwise. A carriage return is kept only
    /// as the first half of a CR LF line break: alone it would move the cursor back over the line.
    /// `invisible` (error messages, which quote what the user typed) also escapes what shows as
    /// nothing or as a plain space: format characters (a zero-width space after a card id made
    /// the refused id look like a real one) and spaces other than U+0020.
    static func escaped(_ text: String, multiline: Bool = false, invisible: Bool = false) -> String {
        func hidden(_ scalar: Unicode.Scalar) -> Bool {
            CardTextRules.isRefused(scalar, multiline: multiline) || (invisible && isInvisible(scalar))
        }
        guard text.unicodeScalars.contains(where: { $0 == "\r" || hidden($0) }) else {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        func shownRaw(_ index: Int) -> Bool {
            let scalar = scalars[index]
            if hidden(scalar) { return false }
            if scalar == "\r" { return index + 1 < scalars.count && scalars[index + 1] == "\n" }
            return true
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(scalars.count)
        for index in scalars.indices {
            if shownRaw(index) {
                result.unicodeScalars.append(scalars[index])
            } else {
                result += "\\u{" + String(scalars[index].value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Format characters (U+200B, U+FEFF, U+00AD, ...) and spaces other than U+0020.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: true
        case .spaceSeparator: scalar != " "
        default: false
        }
    }
}
