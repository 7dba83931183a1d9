/// The value rules a card's balance and currency follow, shared by ``Card/validated()`` and the
/// importers (Catima CSV), so a value accepted on one path is accepted on every path.
public enum CardValueRules {
    /// Digits with at most one decimal point that has digits on both sides (`12`, `12.50`; not
    /// `1.`, `.5`, `1.2.3`, signs or spaces).
    public static func isDecimal(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        }
    }

    /// `text` as an ISO 4217 code (three ASCII letters, returned upper case), or nil.
    public static func currencyCode(_ text: String) -> String? {
        guard text.count == 3, text.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            return nil
        }
        return text.uppercased()
    }
}
