import FileOutput
import Foundation
import SystemPackage
import Testing
import WalletCore
@testable import WidgetEngine
import WalletTestSupport

@Suite struct WidgetCenterTests {
    /// Removed with everything in it when the test ends.
    private let scratch = TemporaryDirectory("widget-center-tests")

    private func makeCenter() -> WidgetCenter {
        WidgetCenter(container: SharedContainer(url: scratch.file("home")))
    }

    /// The inode of widgets.json: a rewrite (atomic rename) gives the file a new one, even
    /// within the file system's timestamp granularity.
    private func listInode(_ center: WidgetCenter) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: center.listURL.path)[.systemFileNumber] as? Int
    }

    @Test func addsListsConfiguresAndRemoves() throws {
        let center = makeCenter()
        #expect(try center.widgets().isEmpty)
        let small = try center.add(family: .small, mode: .manual, cards: [.card(Fixtures.a.id)])
        let large = try center.add(family: .large, mode: .recent, cards: [])
        #expect(try center.widgets().map(\.id) == [small.id, large.id])
        let changed = try center.configure(String(large.id.prefix(8)), cards: [.card(Fixtures.b.id), .empty], mode: .manual)
        #expect(changed.mode == .manual)
        #expect(try center.widget(large.id).cards == [.card(Fixtures.b.id), .empty])
        try center.remove(small.id)
        #expect(try center.widgets().map(\.id) == [large.id])
        let mode = try FileManager.default.attributesOfItem(atPath: center.listURL.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func refusedChangesLeaveTheStoreAlone() throws {
        let center = makeCenter()
        let small = try center.add(family: .small, mode: .manual, cards: [.card(Fixtures.a.id)])
        let before = try Data(contentsOf: center.listURL)
        #expect(throws: WidgetError.tooManyCards(.small, count: 2)) {
            try center.configure(small.id, cards: [.card(Fixtures.a.id), .card(Fixtures.b.id)], mode: .recent)
        }
        #expect(throws: WidgetError.unknownWidget("nope")) { try center.remove("nope") }
        #expect(try Data(contentsOf: center.listURL) == before)
    }

    @Test func ambiguousPrefixesAreRefused() throws {
        let widgets = [
            WidgetConfiguration(id: "abc1", family: .small, mode: .manual, cards: []),
            WidgetConfiguration(id: "abc2", family: .small, mode: .manual, cards: []),
        ]
        #expect(throws: WidgetError.ambiguousWidget("abc", matches: 2)) { try WidgetCenter.match("abc", in: widgets) }
        #expect(try WidgetCenter.match("ABC2", in: widgets).id == "abc2")
    }

    @Test func concurrentAddsAreAllKept() async throws {
        let center = makeCenter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { _ = try center.add(family: .medium, mode: .manual, cards: []) }
            }
            try await group.waitForAll()
        }
        #expect(try center.widgets().count == 16)
    }

    @Test func corruptStoreIsReportedNotOverwritten() throws {
        let center = makeCenter()
        _ = try center.add(family: .small, mode: .manual, cards: [])
        try Data("not json".utf8).write(to: center.listURL)
        #expect(throws: WidgetError.self) { try center.add(family: .small, mode: .manual, cards: []) }
        #expect(try Data(contentsOf: center.listURL) == Data("not json".utf8))
    }

    /// A storage failure keeps the typed error below it: the `FileError` with its errno.
    @Test func storageFailureKeepsTheFileError() throws {
        let center = makeCenter()
        let lock = scratch.file("home/widgets.lock")
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)
        let expected = FileError(operation: "open", path: lock.path, errno: .isDirectory)
        let error = #expect(throws: WidgetError.storage(UnderlyingError(expected))) {
            try center.add(family: .small, mode: .manual, cards: [])
        }
        guard case .storage(let cause)? = error else { return }
        #expect(cause.error as? FileError == expected)
        #expect(error?.description == "cannot access the widget store: \(expected)")
    }

    @Test func reloadIsNeededOnlyWhenDataConfigurationOrTimeSaysSo() throws {
        let center = makeCenter()
        let manual = try center.add(family: .small, mode: .manual, cards: [])
        let suggested = try center.add(family: .small, mode: .suggested, cards: [])
        let now = Fixtures.date("2026-11-22T09:30:00Z")
        let entry = TimelineEntry(
            date: now, family: .small, slots: [], kind: .timeline, relevance: Relevance(score: 0, duration: 1800))
        #expect(try center.widgetsNeedingReload(generation: 3, now: now) == [manual.id, suggested.id])
        try center.recordDeliveries(
            [manual.id: Timeline(entries: [entry], policy: .never), suggested.id: Timeline(entries: [entry], policy: .atEnd)],
            generation: 3)
        #expect(try center.widgetsNeedingReload(generation: 3, now: now).isEmpty)
        let inode = try #require(try listInode(center))
        try center.recordDeliveries([manual.id: Timeline(entries: [entry], policy: .never)], generation: 3)
        #expect(try listInode(center) == inode)
        #expect(try center.widgetsNeedingReload(generation: 3, now: now.addingTimeInterval(1800)) == [suggested.id])
        // A timeline ending a fraction of a second past the stored whole second is the same delivery.
        let fractional = TimelineEntry(
            date: now.addingTimeInterval(0.123_456), family: .small, slots: [], kind: .timeline,
            relevance: Relevance(score: 0, duration: 1799.5))
        try center.recordDeliveries([suggested.id: Timeline(entries: [fractional], policy: .atEnd)], generation: 3)
        let fractionalInode = try #require(try listInode(center))
        #expect(fractionalInode == inode)  // the same delivery: the store was not rewritten
        try center.recordDeliveries([suggested.id: Timeline(entries: [fractional], policy: .atEnd)], generation: 3)
        #expect(try listInode(center) == fractionalInode)
        #expect(try center.widgetsNeedingReload(generation: 3, now: now.addingTimeInterval(1799.6)).isEmpty)
        #expect(try center.widgetsNeedingReload(generation: 3, now: now.addingTimeInterval(1800)) == [suggested.id])
        #expect(try center.widgetsNeedingReload(generation: 4, now: now) == [manual.id, suggested.id])
        try center.configure(manual.id, cards: nil, mode: .recent)
        #expect(try listInode(center) != inode)  // a real change rewrites the store: the check can fail
        #expect(try center.widgetsNeedingReload(generation: 3, now: now) == [manual.id])
    }
}
