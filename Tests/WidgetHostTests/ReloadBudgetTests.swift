import Foundation
import Testing
import WidgetHost

@Suite struct ReloadBudgetTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    @Test func aFreshBudgetAllowsAReload() {
        #expect(ReloadBudget(limit: 3).verdict(at: start) == .allowed)
    }

    @Test func reloadsComeAtLeastFiveMinutesApart() {
        var budget = ReloadBudget(limit: 3)
        budget.record(at(0))
        #expect(budget.verdict(at: at(4.9)) == .tooSoon(until: at(5)))
        #expect(budget.verdict(at: at(5)) == .allowed)
    }

    @Test func theLimitHoldsForARolling24Hours() {
        var budget = ReloadBudget(limit: 2)
        budget.record(at(0))
        budget.record(at(60))
        #expect(budget.verdict(at: at(120)) == .exhausted(until: at(24 * 60)))
        // The first reload leaves the window after 24 hours: one is allowed again.
        #expect(budget.verdict(at: at(24 * 60)) == .allowed)
        budget.record(at(24 * 60))
        #expect(budget.verdict(at: at(24 * 60 + 30)) == .exhausted(until: at(25 * 60)))
    }

    @Test func exhaustionLastsAtLeastTheMinimumInterval() {
        var budget = ReloadBudget(limit: 1)
        budget.record(at(0))
        #expect(budget.verdict(at: at(1)) == .exhausted(until: at(24 * 60)))
        #expect(budget.reloads == [at(0)])
    }

    @Test func oldReloadsAreForgotten() {
        var budget = ReloadBudget(limit: 5)
        for hour in 0..<5 { budget.record(at(Double(hour) * 60)) }
        budget.record(at(30 * 60))
        #expect(budget.reloads == [at(30 * 60)])
    }
}
