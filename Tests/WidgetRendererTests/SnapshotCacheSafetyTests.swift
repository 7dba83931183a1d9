import Foundation
import Testing
import WalletCore
import WidgetEngine
@testable import WidgetRenderer
import Barcodes

/// The cache never serves a cut-short PNG and never reads, writes or prunes through a link.
@Suite struct SnapshotCacheSafetyTests {
    private let card = RendererFixtures.card(1, "Alpha", format: .qr, code: "A-1")
    private var key: SnapshotKey {
        SnapshotKey(entry: RendererFixtures.entry(.small, [.card(card)]), options: RenderOptions(locale: "C"))
    }
    private let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3,
        0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ])

    private func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-safety-\(UUID())")
    }

    @Test func truncatedEntryIsAMiss() throws {
        let container = scratch()
        let cache = SnapshotCache(containerURL: container)
        cache.save(png, notes: [], for: key)
        #expect(cache.lookup(key)?.png == png)
        let path = container.appendingPathComponent("snapshots/\(key.digest).png")
        try png.prefix(png.count - 1).write(to: path)
        #expect(cache.lookup(key) == nil)
        #expect(PNGCompleteness.isComplete(png) && !PNGCompleteness.isComplete(png.dropFirst()))
    }

    @Test func linkedCacheDirectoryIsNeitherUsedNorPruned() throws {
        let container = scratch()
        let victim = scratch()
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        for index in 0..<(SnapshotCache.capacity + 5) {
            try Data("mine".utf8).write(
                to: victim.appendingPathComponent(String(repeating: "a", count: 60) + String(format: "%04d", index) + ".png"))
        }
        try FileManager.default.createSymbolicLink(at: container.appendingPathComponent("snapshots"), withDestinationURL: victim)
        let cache = SnapshotCache(containerURL: container)
        cache.save(png, notes: ["n"], for: key)
        #expect(cache.lookup(key) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).count == SnapshotCache.capacity + 5)
    }

    @Test func onlyDigestNamesArePrunable() {
        #expect(SnapshotCache.isEntryName(String(repeating: "0f", count: 32) + ".png"))
        #expect(!SnapshotCache.isEntryName("holiday.png"))
        #expect(!SnapshotCache.isEntryName(String(repeating: "0F", count: 32) + ".png"))
    }
}
