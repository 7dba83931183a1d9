import Foundation

/// The per-widget limit on reloads a timeline's policy causes: at most ``limit`` in any rolling
/// 24 hours and at least ``minimumInterval`` apart. Reloads the app side causes (data,
/// configuration, intents) are free and never recorded here.
public struct ReloadBudget: Equatable, Sendable {
    /// The rolling window the limit applies to.
    public static let window: TimeInterval = 24 * 3600
    /// The shortest time between two policy reloads of one widget.
    public static let minimumInterval: TimeInterval = 5 * 60
    /// The default `--budget`.
    public static let defaultLimit = 72

    /// Whether a policy reload may run now.
    public enum Verdict: Equatable, Sendable {
        case allowed
        /// The previous reload was less than ``minimumInterval`` ago.
        case tooSoon(until: Date)
        /// ``limit`` reloads in the last 24 hours; one frees up at `until`.
        case exhausted(until: Date)
    }

    /// Policy reloads allowed per widget per rolling 24 hours (at least 1).
    public let limit: Int
    /// The dates of the policy reloads still inside the window, oldest first.
    public private(set) var reloads: [Date] = []

    public init(limit: Int = ReloadBudget.defaultLimit) {
        precondition(limit >= 1, "a reload budget allows at least one reload")
        self.limit = limit
    }

    /// Whether a policy reload may run at `now`, and if not, from when it may.
    public func verdict(at now: Date) -> Verdict {
        let recent = reloads.filter { now.timeIntervalSince($0) < Self.window }
        let spaced = recent.last.map { $0.addingTimeInterval(Self.minimumInterval) }
        if recent.count >= limit {
            let freed = recent[recent.count - limit].addingTimeInterval(Self.window)
            return .exhausted(until: max(freed, spaced ?? freed))
        }
        if let spaced, spaced > now { return .tooSoon(until: spaced) }
        return .allowed
    }

    /// Counts a policy reload made at `now` (and forgets those that left the window).
    public mutating func record(_ now: Date) {
        reloads = reloads.filter { now.timeIntervalSince($0) < Self.window } + [now]
    }
}
