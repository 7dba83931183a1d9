import Foundation

/// When the host pulls each pass type: every ``interval`` after a successful pull, backing off
/// after failures (doubling up to ``longestBackoff``), never before a server's `Retry-After`,
/// never twice within ``freshness`` (the short-lived cache: however many widgets show a pass,
/// one pull serves them), and at most ``dailyBudget`` pulls per type per rolling 24 hours.
public struct PullSchedule: Sendable {
    public var interval: TimeInterval
    public var dailyBudget: Int
    public var freshness: TimeInterval
    public var longestBackoff: TimeInterval

    /// One pass type's state.
    struct TypeState: Sendable {
        var next: Date
        var failures = 0
        var pulls: [Date] = []
    }

    private var types: [String: TypeState] = [:]

    public init(
        interval: TimeInterval = 900, dailyBudget: Int = 96, freshness: TimeInterval = 60, longestBackoff: TimeInterval = 6 * 3600
    ) {
        self.interval = interval
        self.dailyBudget = dailyBudget
        self.freshness = min(freshness, interval)
        self.longestBackoff = longestBackoff
    }

    /// Makes the schedule cover exactly `passTypes` (new types are due at `now`).
    public mutating func track(_ passTypes: Set<String>, now: Date) {
        for type in passTypes where types[type] == nil { types[type] = TypeState(next: now) }
        for type in types.keys where !passTypes.contains(type) { types[type] = nil }
    }

    /// The types due at `now`, budget allowing.
    public func due(at now: Date) -> [String] {
        types.filter { $0.value.next <= now && nextAllowed($0.value, now: now) <= now }.map(\.key).sorted()
    }

    /// When the next type falls due (its time, or when its budget frees up).
    public func nextDue(after now: Date) -> Date? {
        types.values.map { max($0.next, nextAllowed($0, now: now)) }.min()
    }

    /// Records a pull of `type` at `now`: `succeeded`, and the server's `Retry-After` seconds.
    public mutating func record(_ type: String, succeeded: Bool, retryAfter: TimeInterval?, now: Date) {
        guard var state = types[type] else { return }
        state.pulls = state.pulls.filter { now.timeIntervalSince($0) < 86_400 } + [now]
        state.failures = succeeded ? 0 : state.failures + 1
        let wait = succeeded ? interval : min(longestBackoff, interval * pow(2, Double(state.failures - 1)))
        state.next = now.addingTimeInterval(max(wait, freshness, retryAfter ?? 0))
        types[type] = state
    }

    /// The earliest the budget allows another pull of a type.
    private func nextAllowed(_ state: TypeState, now: Date) -> Date {
        let recent = state.pulls.filter { now.timeIntervalSince($0) < 86_400 }
        guard recent.count >= dailyBudget, let oldest = recent.first else { return .distantPast }
        return oldest.addingTimeInterval(86_400)
    }
}
