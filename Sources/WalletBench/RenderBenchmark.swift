import Foundation
import WidgetEngine
@_spi(Benchmarks) import WidgetRenderer

/// Measurements for `bench/`: the whole pipeline timed in-process, and the drawn pixels as
/// straight RGBA so a reference encoder (libpng with default settings) can encode the same picture.
enum RenderBenchmark {
    /// The median wall-clock milliseconds of `runs` calls of `body`.
    static func medianMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Where a render of `entry` spends its time: the median milliseconds over `runs` of each stage,
    /// in pipeline order. `barcodes` (encoding the cards' barcodes alone) is also part of `draw`.
    static func stageMilliseconds(
        _ entry: TimelineEntry, renderer: WidgetRenderer, options: RenderOptions, runs: Int
    ) throws -> [(stage: String, milliseconds: Double)] {
        let barcodes = medianMilliseconds(runs: runs) {
            for card in entry.cards { _ = renderer.barcode(card) }
        }
        let draw = try medianMilliseconds(runs: runs) { _ = try renderer.draw(entry, options: options) }
        let (canvas, _) = try renderer.draw(entry, options: options)
        var pixels = WidgetRenderer.pixels(of: canvas)
        let palette = medianMilliseconds(runs: runs) { pixels = WidgetRenderer.pixels(of: canvas) }
        let encode = try medianMilliseconds(runs: runs) { _ = try SnapshotEncoding.png(pixels) }
        return [("barcodes", barcodes), ("draw", draw), ("palette", palette), ("encode", encode)]
    }
}
