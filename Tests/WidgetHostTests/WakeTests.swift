import Foundation
import Testing
import WalletCore
@testable import WidgetHost

@Suite struct WakeTests {
    @Test func pollWaitsForeverWithNothingDue() {
        #expect(HostLoop.timeout(until: nil, clock: .system) == -1)
        // A clock that stands still never reaches a later date.
        let fixed = WalletClock.fixed(Date(timeIntervalSince1970: 0))
        #expect(HostLoop.timeout(until: Date(timeIntervalSince1970: 60), clock: fixed) == -1)
    }

    @Test func theTimeoutIsTheRealTimeToTheDate() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let fast = WalletClock.running(from: start, rate: 60)
        let timeout = HostLoop.timeout(until: start.addingTimeInterval(60), clock: fast)
        #expect(timeout > 900 && timeout <= 1000)
        #expect(HostLoop.timeout(until: start.addingTimeInterval(-5), clock: fast) == 0)
        #expect(HostLoop.timeout(until: .distantFuture, clock: .system) == Int32.max)
    }

    @Test func onlyTheFilesTheHostReadsMeanAChange() {
        #expect(ContainerChange.forFile("wallet.sqlite-wal") == .data)
        #expect(ContainerChange.forFile("wallet.sqlite") == .data)
        #expect(ContainerChange.forFile("widgets.json") == .widgets)
        #expect(ContainerChange.forFile("widget-events.jsonl") == .widgets)
        #expect(ContainerChange.forFile("reload-requests.jsonl") == .requests)
        for ignored in ["wallet.sqlite-shm", "widgets.lock", ".widgets.json.x1y2", "snapshots"] {
            #expect(ContainerChange.forFile(ignored).isEmpty)
        }
    }
}
