import Foundation
import WalletCore
import WidgetEngine
import WidgetRenderer

/// The hidden `--bench-repeat N [--bench-dump-rgba FILE]` of `widget render`, for bench/: times
/// the whole pipeline in-process (the first run apart: it pays for font discovery and the first
/// database read), profiles its stages, and dumps the drawn pixels for the libpng reference encoder.
enum WidgetBenchmark {
    static func run(
        _ configuration: WidgetConfiguration, side: WidgetSide, snapshotter: WidgetSnapshotter, options: RenderOptions,
        repeat runs: Int, dumpRGBA: String?
    ) throws {
        let first = try RenderBenchmark.medianMilliseconds(runs: 1) {
            _ = try snapshotter.snapshot(of: configuration, options: options)
        }
        let milliseconds = try RenderBenchmark.medianMilliseconds(runs: runs) {
            _ = try snapshotter.snapshot(of: configuration, options: options)
        }
        var report = "bench: pipeline_ms=\(milliseconds) first_ms=\(first)"
        report += try stageReport(configuration, side: side, options: options, runs: runs)
        if let dumpRGBA {
            let (entry, _) = try snapshotter.entry(for: configuration, source: .timeline)
            let image = try RenderBenchmark.straightRGBA(entry, renderer: .live, options: options)
            try Data(image.bytes).write(to: URL(fileURLWithPath: dumpRGBA))
            report += " width=\(image.width) height=\(image.height)"
        }
        FileHandle.standardError.write(Data((report + "\n").utf8))
    }

    /// ` database_ms=… timeline_ms=… barcodes_ms=… draw_ms=… palette_ms=… encode_ms=…`: opening the
    /// store and reading the cards, building the timeline, then the renderer's stages.
    private static func stageReport(
        _ configuration: WidgetConfiguration, side: WidgetSide, options: RenderOptions, runs: Int
    ) throws -> String {
        var cards: CardSnapshot?
        let database = try RenderBenchmark.medianMilliseconds(runs: runs) {
            cards = try CardSnapshot(reading: CardReader(container: side.container))
        }
        let provider = TimelineProvider(reader: cards!, clock: side.clock)
        var timeline: Timeline?
        let building = try RenderBenchmark.medianMilliseconds(runs: runs) {
            timeline = try provider.timeline(for: configuration)
        }
        let stages = try RenderBenchmark.stageMilliseconds(
            timeline!.entries[0], renderer: .live, options: options, runs: runs)
        return " database_ms=\(database) timeline_ms=\(building)"
            + stages.map { " \($0.stage)_ms=\($0.milliseconds)" }.joined()
    }
}
