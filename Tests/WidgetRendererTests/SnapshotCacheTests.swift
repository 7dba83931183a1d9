import Foundation
import Testing
import WalletCore
import WidgetEngine
@_spi(Benchmarks) @testable import WidgetRenderer
import WalletTestSupport
import Barcodes

@Suite struct SnapshotCacheTests {
    /// Removed with everything in it when the test ends.
    private let scratch = TemporaryDirectory("snapshot-cache-tests")
    let alpha = RendererFixtures.card(1, "Alpha", format: .code128, code: "A-1")
    let beta = RendererFixtures.card(2, "Beta", format: .qr, code: "B-2")

    private func key(
        _ slots: [DisplaySlot], _ options: RenderOptions = RenderOptions(locale: "C"), kind: TimelineEntry.Kind = .timeline
    ) -> SnapshotKey {
        SnapshotKey(entry: RendererFixtures.entry(.medium, slots, kind: kind), options: options)
    }

    @Test func keyCoversEverythingThePixelsDependOn() {
        let base = key([.card(alpha)])
        var edited = alpha
        edited.code = "A-2"
        var recolored = alpha
        recolored.color = "#000000"
        var logoed = alpha
        logoed.art = CardArtSummary(roles: [.logo], digest: "0123456789abcdef")
        var used = alpha
        used.usageCount = 9
        used.lastUsed = Date()
        let variants = [
            key([.card(edited)]), key([.card(recolored)]), key([.card(logoed)]), key([.card(alpha), .empty]), key([.card(beta)]),
            key([.card(alpha)], RenderOptions(scale: 2, locale: "C")),
            key([.card(alpha)], RenderOptions(appearance: .dark, locale: "C")),
            key([.card(alpha)], RenderOptions(device: DeviceMetrics.all[8], locale: "C")),
            key([.card(alpha)], RenderOptions(locale: "ja_JP.UTF-8")),
            key([.card(alpha)], kind: .placeholder),
            SnapshotKey(entry: RendererFixtures.entry(.large, [.card(alpha)]), options: RenderOptions(locale: "C")),
        ]
        #expect(Set(variants.map(\.digest)).count == variants.count)
        #expect(!variants.contains(base))
        #expect(key([.card(used)]) == base)  // usage is not drawn
        #expect(base.digest.count == 64)
    }

    @Test func secondRenderIsServedFromTheCacheAndEditsMissIt() throws {
        let cache = SnapshotCache(containerURL: scratch.url)
        var reader = FixtureReader(all: [alpha, beta])
        let widget = WidgetConfiguration(family: .small, mode: .manual, cards: [.card(alpha.id)])
        func snapshotter() -> WidgetSnapshotter {
            WidgetSnapshotter(
                provider: TimelineProvider(reader: reader, clock: .fixed(Date(timeIntervalSince1970: 0))),
                renderer: .live, cache: cache)
        }
        let options = RenderOptions(scale: 2)
        let first = try snapshotter().snapshot(of: widget, options: options)
        #expect(!first.fromCache)
        #expect(first.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let second = try snapshotter().snapshot(of: widget, options: options)
        #expect(second.fromCache)
        #expect(second.png == first.png)
        #expect(second.tapMap == first.tapMap)
        reader.all[1].code = "B-3"  // a card the widget does not show
        #expect(try snapshotter().snapshot(of: widget, options: options).fromCache)
        reader.all[0].code = "A-9"
        let edited = try snapshotter().snapshot(of: widget, options: options)
        #expect(!edited.fromCache)
        #expect(edited.png != first.png)
    }

    @Test func notesAreKeptWithCachedSnapshots() throws {
        let plain = RendererFixtures.card(3, "Plain", format: nil, code: "123")
        let snapshotter = WidgetSnapshotter(
            provider: TimelineProvider(reader: FixtureReader(all: [plain]), clock: .fixed(Date(timeIntervalSince1970: 0))),
            renderer: .live, cache: SnapshotCache(containerURL: scratch.url))
        let widget = WidgetConfiguration(family: .small, mode: .manual, cards: [.card(plain.id)])
        let first = try snapshotter.snapshot(of: widget, options: RenderOptions())
        let second = try snapshotter.snapshot(of: widget, options: RenderOptions())
        #expect(second.fromCache)
        #expect(first.notes == ["Plain: no barcode format, showing the card number as text"])
        #expect(second.notes == first.notes)
    }

    @Test func writingTheSameBytesAgainLeavesTheOutputFileAlone() throws {
        let path = scratch.file("w.png").path
        func inode() throws -> Int? { try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int }
        try WidgetRenderer.write(Data([1, 2, 3]), to: path)
        let first = try inode()
        try WidgetRenderer.write(Data([1, 2, 3]), to: path)
        #expect(try inode() == first)
        try WidgetRenderer.write(Data([1, 2, 4]), to: path)
        #expect(try inode() != first)
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 4]))
    }
}
