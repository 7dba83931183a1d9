import Foundation

/// When the system asks the provider for a new timeline.
public enum ReloadPolicy: Equatable, Sendable {
    /// Only when the app reports a data change (manual and recent modes).
    case never
    /// After the last entry's date (suggested mode: the suggestion is time-dependent).
    case atEnd
    /// At a given date.
    case after(Date)

    /// The name printed in `widget timeline` JSON.
    public var name: String {
        switch self {
        case .never: "never"
        case .atEnd: "atEnd"
        case .after: "after"
        }
    }
}
