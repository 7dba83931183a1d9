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

    private static func shown(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "(none)" }
        let line = value.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
