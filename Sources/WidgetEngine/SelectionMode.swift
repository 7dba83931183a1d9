/// How a widget picks its cards.
public enum SelectionMode: String, CaseIterable, Codable, Sendable {
    /// The cards the user chose, in their order.
    case manual
    /// The most recently used cards.
    case recent
    /// The cards most likely needed now, from the usage log by hour of day and day of week.
    case suggested

    /// Parses `manual`, `recent` or `suggested` (any case).
    public init(name: String) throws(WidgetError) {
        guard let mode = SelectionMode(rawValue: name.lowercased()) else { throw .unknownMode(name) }
        self = mode
    }
}
