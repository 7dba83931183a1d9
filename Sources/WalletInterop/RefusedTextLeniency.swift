import WalletCore

extension WalletArchive {
    /// Leaves out, with a warning, the optional text the card model would refuse
    /// (``CardTextRules``: NUL, escape sequences, other controls, bidi overrides) where the card
    /// stays good without it: a line of a note (a pass writes one field per line, so one field
    /// with an escape sequence costs that field, not the whole import) and a group name.
    /// A pass's optional texts likewise (``leaveOutRefusedPassText(at:location:)``).
    /// A store name, card number or barcode value with such text still refuses the import: the
    /// card is not good without it.
    mutating func leaveOutRefusedOptionalText() {
        for index in cards.indices {
            let location = cardLocations.indices.contains(index) ? cardLocations[index] : nil
            leaveOutRefusedPassText(at: index, location: location)
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

    /// Drops, with a warning each, a pass location's `relevantText` and a pass field whose
    /// label, value or change message the card model refuses (a label or value is warned of once,
    /// as the note line it also is).
    private mutating func leaveOutRefusedPassText(at index: Int, location: SourceLocation?) {
        guard var pass = cards[index].pass else { return }
        func warn(_ what: String, _ scalar: UInt32, _ outcome: String) {
            warnings.append(
                ImportWarning(
                    location: location,
                    message: "\(what) contains the control character \(CardTextRules.codePoint(scalar)): \(outcome)"))
        }
        for place in pass.locations.indices {
            guard let text = pass.locations[place].relevantText,
                let scalar = Self.firstRefused(text.unicodeScalars[...], multiline: false)
            else { continue }
            pass.locations[place].relevantText = nil
            warn("pass location relevantText", scalar, "that text was left out")
        }
        pass.fields.removeAll { field in
            // A label or value is also the field's note line, whose warning already names it.
            if Self.firstRefused((field.label ?? "").unicodeScalars[...], multiline: false) != nil
                || Self.firstRefused(field.value.unicodeScalars[...], multiline: true) != nil
            {
                return true
            }
            guard let scalar = Self.firstRefused((field.changeMessage ?? "").unicodeScalars[...], multiline: false) else {
                return false
            }
            warn("pass field \(field.key) changeMessage", scalar, "that field was left out")
            return true
        }
        cards[index].pass = pass
    }

    private static func firstRefused(_ text: Substring.UnicodeScalarView, multiline: Bool) -> UInt32? {
        text.first { CardTextRules.isRefused($0, multiline: multiline) }?.value
    }
}
