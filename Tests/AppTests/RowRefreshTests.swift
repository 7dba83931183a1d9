import Testing

@testable import App

@Suite struct RowRefreshTests {
    @Test func rowsOnScreenAndJustBeyondAreShownAtOnceTheRestNearestFirst() {
        let stale = Array((0..<200).reversed())
        let plan = RowRefresh.plan(stale: stale, visible: 50..<62)
        #expect(plan.now == Array((50 - RowRefresh.margin)..<(62 + RowRefresh.margin)))
        #expect(plan.now.count + plan.later.count == 200)
        #expect(Array(plan.later.prefix(4)) == [41, 70, 40, 71], "one either side, the nearer first")
        #expect(plan.later.last == 199)
    }

    @Test func beforeTheListIsLaidOutEveryRowIsShownAtOnce() {
        let plan = RowRefresh.plan(stale: [9, 3, 150], visible: nil)
        #expect(plan.now == [3, 9, 150])
        #expect(plan.later.isEmpty)
    }

    @Test func rowsFarFromTheTopOfTheListWaitWhileTheTopShows() {
        let plan = RowRefresh.plan(stale: [0, 5, 30, 199], visible: 0..<13)
        #expect(plan.now == [0, 5])
        #expect(plan.later == [30, 199])
    }
}
