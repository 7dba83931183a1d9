import Foundation
import WidgetEngine

/// Measurements for `bench/`: the whole pipeline timed in-process, and the drawn pixels as
/// straight RGBA so a reference encoder (libpng with default settings) can encode the same picture.
public enum RenderBenchmark {
    /// The median wall-clock milliseconds of `runs` calls of `body`.
    public static func medianMilliseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// `entry` drawn at `options` as straight RGBA bytes (4 per pixel, row by row), before palette conversion.
    public static func straightRGBA(
        _ entry: TimelineEntry, renderer: WidgetRenderer, options: RenderOptions
    ) throws(RenderError) -> (width: Int, height: Int, bytes: [UInt8]) {
        try renderer.drawRGBA(entry, options: options)
    }
}
