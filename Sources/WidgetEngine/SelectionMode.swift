/// How a widget picks its cards.
public enum SelectionMode: String, CaseIterable, Codable, Sendable {
    /// The cards the user chose, in their order.
    case manual
    /// The most recently used cards.
    case recent
    /// The cards most likely needed now, from the usage log by hour of day and day of week.
    case suggested
    /// The favorite cards, in the app's order (by store name).
    case favorites

    /// True for the modes that rank several cards (a one-card widget steps through them with
    /// its previous/next buttons).
    public var isRanked: Bool { self != .manual }

    /// The names `--mode` takes.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Parses `manual`, `recent`, `suggested` or `favorites` (any case).
    public init(name: String) throws(WidgetError) {
        guard let mode = SelectionMode(rawValue: name.lowercased()) else { throw .unknownMode(name) }
        self = mode
    }
}
