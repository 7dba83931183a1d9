import Foundation
import WidgetEngine
import WidgetRenderer

/// The hidden `--bench-repeat N [--bench-dump-rgba FILE]` of `widget render`, for bench/: times
/// the whole pipeline in-process and dumps the drawn pixels for the libpng reference encoder.
enum WidgetBenchmark {
    static func run(
        _ configuration: WidgetConfiguration, snapshotter: WidgetSnapshotter, options: RenderOptions, repeat runs: Int,
        dumpRGBA: String?
    ) throws {
        let milliseconds = try RenderBenchmark.medianMilliseconds(runs: runs) {
            _ = try snapshotter.snapshot(of: configuration, options: options)
        }
        var report = "bench: pipeline_ms=\(milliseconds)"
        if let dumpRGBA {
            let (entry, _) = try snapshotter.entry(for: configuration, source: .timeline)
            let image = try RenderBenchmark.straightRGBA(entry, renderer: .live, options: options)
            try Data(image.bytes).write(to: URL(fileURLWithPath: dumpRGBA))
            report += " width=\(image.width) height=\(image.height)"
        }
        FileHandle.standardError.write(Data((report + "\n").utf8))
    }
}
