/// The three home-screen widget sizes and how many cards each can show.
public enum WidgetFamily: String, CaseIterable, Codable, Sendable {
    case small
    case medium
    case large

    /// The most cards a widget of this family shows: small 1, medium 4, large 8.
    public var maxCards: Int {
        switch self {
        case .small: 1
        case .medium: 4
        case .large: 8
        }
    }

    /// Parses `small`, `medium` or `large` (any case).
    public init(name: String) throws(WidgetError) {
        guard let family = WidgetFamily(rawValue: name.lowercased()) else { throw .unknownFamily(name) }
        self = family
    }
}
