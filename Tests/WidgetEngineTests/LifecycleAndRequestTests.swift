import Foundation
import Testing
import WalletCore
@testable import WidgetEngine

@Suite struct LifecycleAndRequestTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func makeCenter() -> WidgetCenter {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widget-log-\(UUID())")
        return WidgetCenter(container: SharedContainer(url: directory), clock: .fixed(now))
    }

    @Test func addConfigureAndRemoveAreLoggedWithTimeAndFamily() throws {
        let center = makeCenter()
        let widget = try center.add(family: .medium, mode: .manual, cards: [])
        try center.configure(widget.id, cards: nil, mode: .recent)
        try center.remove(widget.id)
        let events = center.lifecycleEvents()
        #expect(events.map(\.event) == [.added, .configured, .removed])
        #expect(events.map(\.sequence) == [1, 2, 3])
        #expect(events.allSatisfy { $0.widget == widget.id && $0.family == .medium && $0.time == now })
        let (widgets, logged) = try center.widgetsAndLifecycle()
        #expect(widgets.isEmpty && logged == events)
    }

    @Test func refusedChangesLogNothing() throws {
        let center = makeCenter()
        let small = try center.add(family: .small, mode: .manual, cards: [])
        #expect(throws: WidgetError.self) { try center.configure(small.id, cards: [.empty, .empty], mode: nil) }
        #expect(center.lifecycleEvents().map(\.event) == [.added])
    }

    @Test func theLogKeepsTheLatestEventsAndSkipsDamagedLines() throws {
        let center = makeCenter()
        let widget = try center.add(family: .small, mode: .manual, cards: [])
        let file = center.lifecycleFile
        var events = file.read()
        for number in 2...(WidgetCenter.lifecycleLogLimit + 5) {
            events.append(
                WidgetLifecycleEvent(sequence: number, event: .configured, time: now, widget: widget.id, family: .small))
        }
        try file.write(events)
        try center.remove(widget.id)
        let kept = center.lifecycleEvents()
        #expect(kept.count == WidgetCenter.lifecycleLogLimit)
        #expect(kept.last?.event == .removed && kept.last?.sequence == WidgetCenter.lifecycleLogLimit + 6)
        let text = try String(contentsOf: file.url, encoding: .utf8)
        try ("{half a line\n" + text).write(to: file.url, atomically: true, encoding: .utf8)
        #expect(center.lifecycleEvents().count == WidgetCenter.lifecycleLogLimit)
    }

    @Test func reloadRequestsAreTakenOnce() throws {
        let center = makeCenter()
        #expect(try center.takeReloadRequests().isEmpty)
        try center.requestReload("abc", reason: .intent)
        try center.requestReload("def", reason: .configuration)
        #expect(
            try center.takeReloadRequests() == [
                ReloadRequest(widget: "abc", reason: .intent), ReloadRequest(widget: "def", reason: .configuration),
            ])
        #expect(try center.takeReloadRequests().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: center.requestsFile.url.path))
    }

    @Test func pendingRequestsAreBounded() throws {
        let center = makeCenter()
        for number in 0..<(WidgetCenter.pendingRequestLimit + 3) {
            try center.requestReload("w\(number)", reason: .intent)
        }
        let requests = try center.takeReloadRequests()
        #expect(requests.count == WidgetCenter.pendingRequestLimit)
        #expect(requests.first?.widget == "w3")
    }
}
