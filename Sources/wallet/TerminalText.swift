import WalletCore

/// The one output-escaping helper of the CLI: text that came from the wallet or from the user
/// (store names, numbers, notes, groups, file names in error messages) goes through it before it
/// reaches a terminal, so it cannot carry escape sequences, BEL, backspace, C1 controls or bidi
/// overrides there, even if an older wallet stored them before validation refused them.
enum TerminalText {
    /// `text` with every scalar ``CardTextRules`` refuses written as `\u{1B}`; line breaks and
    /// tabs are kept when `multiline` (a note), escaped otherwise.
    static func escaped(_ text: String, multiline: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { CardTextRules.isRefused($0, multiline: multiline) }) else {
            return text
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if CardTextRules.isRefused(scalar, multiline: multiline) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
