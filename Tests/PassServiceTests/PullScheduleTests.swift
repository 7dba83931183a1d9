import Foundation
import Testing
@testable import PassService

/// When the host pulls each pass type.
@Suite struct PullScheduleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func newTypesAreDueAtOnceThenEveryInterval() {
        var schedule = PullSchedule(interval: 600, dailyBudget: 100, freshness: 60)
        schedule.track(["a", "b"], now: start)
        #expect(schedule.due(at: start) == ["a", "b"])
        schedule.record("a", succeeded: true, retryAfter: nil, now: start)
        #expect(schedule.due(at: start) == ["b"])
        #expect(schedule.due(at: start + 599) == ["b"])
        #expect(schedule.due(at: start + 600) == ["a", "b"])
    }

    @Test func failuresBackOffAndRetryAfterIsHonoured() {
        var schedule = PullSchedule(interval: 100, dailyBudget: 100, freshness: 10, longestBackoff: 350)
        schedule.track(["a"], now: start)
        schedule.record("a", succeeded: false, retryAfter: nil, now: start)
        #expect(schedule.nextDue(after: start) == start + 100)
        schedule.record("a", succeeded: false, retryAfter: nil, now: start + 100)
        #expect(schedule.nextDue(after: start + 100) == start + 300)
        schedule.record("a", succeeded: false, retryAfter: nil, now: start + 300)
        #expect(schedule.nextDue(after: start + 300) == start + 650)  // capped at 350
        schedule.record("a", succeeded: true, retryAfter: 5_000, now: start + 700)
        #expect(schedule.nextDue(after: start + 700) == start + 5_700)
    }

    @Test func theDailyBudgetHoldsPullsBack() {
        var schedule = PullSchedule(interval: 10, dailyBudget: 2, freshness: 10)
        schedule.track(["a"], now: start)
        schedule.record("a", succeeded: true, retryAfter: nil, now: start)
        schedule.record("a", succeeded: true, retryAfter: nil, now: start + 10)
        #expect(schedule.due(at: start + 20).isEmpty)
        #expect(schedule.nextDue(after: start + 20) == start + 86_400)
        #expect(schedule.due(at: start + 86_400) == ["a"])
    }

    @Test func typesNoLongerHeldAreDropped() {
        var schedule = PullSchedule()
        schedule.track(["a"], now: start)
        schedule.track([], now: start)
        #expect(schedule.nextDue(after: start) == nil)
    }
}
