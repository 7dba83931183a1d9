import Foundation
import Testing

@testable import App

@Suite struct WheelScrollTests {
    @Test func stepsAddUpToTheDistanceGTKMovesForEachDetent() {
        let step = pow(512.0, 2.0 / 3.0)  // 64 px on a 512 px page
        #expect(abs(step - 64) < 1e-9)
        let moved = { (steps: Double) in WheelScroll.value(after: steps, from: 100, page: 512, lower: 0, upper: 10_000) }
        #expect(abs(moved(1) - 164) < 1e-9)
        #expect(abs(moved(3) - 292) < 1e-9, "three detents in one frame go as far as three frames of one")
        #expect(abs(moved(-1) - 36) < 1e-9)
    }

    @Test func theListStopsAtItsEnds() {
        #expect(WheelScroll.value(after: -5, from: 100, page: 512, lower: 0, upper: 10_000) == 0)
        #expect(WheelScroll.value(after: 500, from: 100, page: 512, lower: 0, upper: 10_000) == 10_000 - 512)
        #expect(WheelScroll.value(after: 2, from: 0, page: 512, lower: 0, upper: 300) == 0, "a list shorter than its page")
    }
}
