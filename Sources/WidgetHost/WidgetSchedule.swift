import Foundation
import WidgetEngine

/// One widget's timeline as the host holds it: which entry shows, when the next one is due,
/// when the policy asks for a new timeline, and the budget that policy reloads spend.
public struct WidgetSchedule: Sendable {
    /// What is due for the widget at a given time.
    public enum Action: Equatable, Sendable {
        /// A later entry's date arrived: show entry `index` (already made current).
        case showEntry(index: Int)
        /// The policy fired and the budget allowed it (already counted): build a new timeline.
        case reload
        /// The policy fired but the budget is spent until `until`; the widget keeps its timeline.
        case budgetExhausted(until: Date)
    }

    public private(set) var timeline: Timeline
    /// The entry showing now.
    public private(set) var index = 0
    public private(set) var budget: ReloadBudget
    /// The exhaustion already reported, so it is reported once.
    private var reportedExhaustion: Date?

    /// A schedule showing `timeline`'s first entry.
    public init(timeline: Timeline, budget: ReloadBudget) {
        precondition(!timeline.entries.isEmpty, "a timeline has at least one entry")
        self.timeline = timeline
        self.budget = budget
    }

    /// The entry showing now.
    public var entry: TimelineEntry { timeline.entries[index] }

    /// Shows `timeline` from its first entry (a reload, free or counted by ``due(at:)``).
    public mutating func replace(with timeline: Timeline) {
        precondition(!timeline.entries.isEmpty, "a timeline has at least one entry")
        self.timeline = timeline
        index = 0
    }

    /// When the policy asks for a new timeline: `atEnd` when the last entry ends, `after(date)`
    /// at that date, `never` not at all (only app-side changes reload).
    public var policyDate: Date? {
        switch timeline.policy {
        case .never: nil
        case .after(let date): date
        case .atEnd: timeline.entries.last.map { $0.date.addingTimeInterval($0.relevance.duration) }
        }
    }

    /// The date of the entry after the one showing, if any.
    public var nextEntryDate: Date? {
        index + 1 < timeline.entries.count ? timeline.entries[index + 1].date : nil
    }

    /// The next thing due at `now`, at most one; call again until nil. A reload that the budget
    /// allows is counted here.
    public mutating func due(at now: Date) -> Action? {
        if let policyDate, policyDate <= now {
            switch budget.verdict(at: now) {
            case .allowed:
                budget.record(now)
                reportedExhaustion = nil
                return .reload
            case .exhausted(let until) where until != reportedExhaustion:
                reportedExhaustion = until
                return .budgetExhausted(until: until)
            case .exhausted, .tooSoon:
                break
            }
        }
        let arrived = timeline.entries.lastIndex { $0.date <= now } ?? 0
        guard arrived > index else { return nil }
        index = arrived
        return .showEntry(index: arrived)
    }

    /// When something is next due after `now`: the next entry's date, the policy date, or when a
    /// fired policy may run (budget); nil when nothing ever is without an app-side change.
    public func nextWake(after now: Date) -> Date? {
        var dates = [nextEntryDate].compactMap { $0 }
        if let policyDate {
            if policyDate > now {
                dates.append(policyDate)
            } else {
                switch budget.verdict(at: now) {
                case .allowed: dates.append(now)
                case .tooSoon(let until), .exhausted(let until): dates.append(until)
                }
            }
        }
        return dates.min()
    }
}
