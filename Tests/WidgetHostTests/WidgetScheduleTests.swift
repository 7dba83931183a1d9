import Foundation
import Testing
import WidgetEngine
import WidgetHost

@Suite struct WidgetScheduleTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    /// Entries at the given minutes, each lasting until the next (the last for `lastDuration` minutes).
    private func timeline(_ minutes: [Double], lastDuration: Double = 60, policy: ReloadPolicy) -> Timeline {
        let entries = minutes.enumerated().map { index, minute in
            let end = index + 1 < minutes.count ? minutes[index + 1] : minute + lastDuration
            return TimelineEntry(
                date: at(minute), family: .small, slots: [], kind: .timeline,
                relevance: Relevance(score: 0, duration: (end - minute) * 60))
        }
        return Timeline(entries: entries, policy: policy)
    }

    @Test func policyNeverIsNeverDue() {
        var schedule = WidgetSchedule(timeline: timeline([0], policy: .never), budget: ReloadBudget())
        #expect(schedule.policyDate == nil)
        #expect(schedule.nextWake(after: at(0)) == nil)
        #expect(schedule.due(at: at(10_000)) == nil)
    }

    @Test func entriesShowWhenTheirDateArrives() {
        var schedule = WidgetSchedule(timeline: timeline([0, 30, 90], policy: .never), budget: ReloadBudget())
        #expect(schedule.nextWake(after: at(0)) == at(30))
        #expect(schedule.due(at: at(29)) == nil)
        #expect(schedule.due(at: at(30)) == .showEntry(index: 1))
        #expect(schedule.due(at: at(30)) == nil)
        #expect(schedule.nextWake(after: at(30)) == at(90))
        // A host that slept through several entries jumps to the latest one.
        var late = WidgetSchedule(timeline: timeline([0, 30, 90], policy: .never), budget: ReloadBudget())
        #expect(late.due(at: at(100)) == .showEntry(index: 2))
        #expect(late.entry.date == at(90))
    }

    @Test func atEndFiresWhenTheLastEntryEnds() {
        var schedule = WidgetSchedule(timeline: timeline([0, 30], lastDuration: 45, policy: .atEnd), budget: ReloadBudget())
        #expect(schedule.policyDate == at(75))
        #expect(schedule.nextWake(after: at(0)) == at(30))
        #expect(schedule.due(at: at(31)) == .showEntry(index: 1))
        #expect(schedule.nextWake(after: at(31)) == at(75))
        #expect(schedule.due(at: at(75)) == .reload)
        #expect(schedule.budget.reloads == [at(75)])
    }

    @Test func afterFiresAtItsDate() {
        var schedule = WidgetSchedule(timeline: timeline([0], policy: .after(at(20))), budget: ReloadBudget())
        #expect(schedule.nextWake(after: at(0)) == at(20))
        #expect(schedule.due(at: at(19)) == nil)
        #expect(schedule.due(at: at(20)) == .reload)
    }

    @Test func anExhaustedBudgetIsReportedOnceAndKeepsTheTimeline() {
        var schedule = WidgetSchedule(timeline: timeline([0], policy: .after(at(10))), budget: ReloadBudget(limit: 1))
        #expect(schedule.due(at: at(10)) == .reload)
        schedule.replace(with: timeline([10], policy: .after(at(20))))
        #expect(schedule.due(at: at(20)) == .budgetExhausted(until: at(10 + 24 * 60)))
        #expect(schedule.due(at: at(21)) == nil)
        #expect(schedule.entry.date == at(10))
        // It wakes when the budget frees up, and the reload runs then.
        #expect(schedule.nextWake(after: at(21)) == at(10 + 24 * 60))
        #expect(schedule.due(at: at(10 + 24 * 60)) == .reload)
    }

    @Test func aFiredPolicyWaitsForTheMinimumInterval() {
        var schedule = WidgetSchedule(timeline: timeline([0], policy: .after(at(1))), budget: ReloadBudget())
        #expect(schedule.due(at: at(1)) == .reload)
        schedule.replace(with: timeline([1], policy: .after(at(2))))
        #expect(schedule.due(at: at(2)) == nil)
        #expect(schedule.nextWake(after: at(2)) == at(6))
        #expect(schedule.due(at: at(6)) == .reload)
    }

    @Test func entriesStillAdvanceWhileTheBudgetIsSpent() {
        var schedule = WidgetSchedule(timeline: timeline([0], policy: .after(at(5))), budget: ReloadBudget(limit: 1))
        #expect(schedule.due(at: at(5)) == .reload)
        schedule.replace(with: timeline([5, 60], policy: .after(at(10))))
        #expect(schedule.due(at: at(10)) == .budgetExhausted(until: at(5 + 24 * 60)))
        #expect(schedule.due(at: at(60)) == .showEntry(index: 1))
    }
}
