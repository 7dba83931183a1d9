import Foundation

extension FieldChange {
    /// The change as people read it, on one line: `balance 12.50 -> 15.75`. A pass's own field
    /// goes by its key (`gate A1 -> B7`), an absent or empty value shows as `(none)`, line
    /// breaks as spaces, and a value over 60 characters is cut with `…`. Plain text: the CLI
    /// escapes it for a terminal (`card update`, `card history`, `card revert`), the app shows
    /// it as it is.
    public var text: String {
        let name = field.hasPrefix("fields.") ? String(field.dropFirst(7)) : field
        return "\(name) \(Self.shown(from)) -> \(Self.shown(to))"
    }

    /// The changes worth a line: the note a pass's fields derive left out when anything else
    /// changed, and a pass field left out when a card field already shows the same change
    /// (`balance` and `fields.balance`). What `card update` prints and the app's history shows.
    public static func summary(of changes: [FieldChange]) -> [FieldChange] {
        var shown: [FieldChange] = []
        for change in changes where change.field != "note" {
            if change.field.hasPrefix("fields."), shown.contains(where: { $0.from == change.from && $0.to == change.to }) {
                continue
            }
            shown.append(change)
        }
        return shown.isEmpty ? changes : shown
    }

    private static func shown(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "(none)" }
        let line = value.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
