import WalletCore

extension WalletArchive {
    /// Leaves out, with a warning, the optional text the card model would refuse
    /// (``CardTextRules``: NUL, escape sequences, other controls, bidi overrides) where the card
    /// stays good without it: a line of a note (a pass writes one field per line, so one field
    /// with an escape sequence costs that field, not the whole import) and a group name.
    /// A store name, card number or barcode value with such text still refuses the import: the
    /// card is not good without it.
    mutating func leaveOutRefusedOptionalText() {
        for index in cards.indices {
            let location = cardLocations.indices.contains(index) ? cardLocations[index] : nil
            var kept: [String] = []
            let lines = cards[index].note.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                guard let scalar = Self.firstRefused(line, multiline: true) else {
                    kept.append(String(Substring(line)))
                    continue
                }
                warnings.append(
                    ImportWarning(
                        location: location,
                        message:
                            "note line \(number + 1) contains the control character \(CardTextRules.codePoint(scalar)): that line was left out"
                    ))
            }
            if kept.count < lines.count { cards[index].note = kept.joined(separator: "\n") }
            cards[index].groups.removeAll { group in
                guard let scalar = Self.firstRefused(group.unicodeScalars[...], multiline: false) else { return false }
                warnings.append(
                    ImportWarning(
                        location: location,
                        message:
                            "a group name contains the control character \(CardTextRules.codePoint(scalar)): the card was imported without that group"
                    ))
                return true
            }
        }
        groups.removeAll { Self.firstRefused($0.unicodeScalars[...], multiline: false) != nil }
    }

    private static func firstRefused(_ text: Substring.UnicodeScalarView, multiline: Bool) -> UInt32? {
        text.first { CardTextRules.isRefused($0, multiline: multiline) }?.value
    }
}
