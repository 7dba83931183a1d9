import ArgumentParser
import Foundation
import WalletCore
import WidgetEngine
@_spi(Benchmarks) import WidgetRenderer

/// `wallet-bench render WIDGET --repeat N [--rendering MODE] [--dump-rgba FILE]`, for
/// bench/sections/20_widgets.py and 25_lockscreen.py:
/// times `wallet widget render`'s whole pipeline in-process with the cache off (the first run
/// apart: it pays for font discovery and the first database read), profiles its stages, and
/// dumps the drawn pixels for the libpng reference encoder. The wallet is found like `wallet`
/// finds it (`WALLET_HOME`, `--home`, ...; `WALLET_NOW` fixes the clock).
///
/// Prints one line on stderr: `bench: pipeline_ms=… first_ms=… database_ms=… timeline_ms=…
/// barcodes_ms=… draw_ms=… palette_ms=… encode_ms=…` (plus `width=… height=…` with a dump).
struct RenderBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Time the render pipeline of one installed widget.")

    @Option(help: "The wallet directory (WALLET_HOME wins when set).") var home: String?
    @Argument(help: "Widget id or unique id prefix.") var widget: String
    @Option(help: "Device pixels per point: 1, 2 or 3.") var scale = 3
    @Option(help: "full-color, accented or vibrant (default: the family's own).") var rendering: String?
    @Option(name: .customLong("repeat"), help: "Timed runs per measurement (the median is reported).") var runs = 20
    @Option(help: "Write the drawn pixels as straight RGBA to this file.") var dumpRGBA: String?

    func run() throws {
        let container = SharedContainer.resolve(home: home)
        let clock = try WalletClock.fromEnvironment()
        let configuration = try WidgetCenter(container: container).widget(widget)
        let mode = try rendering.map { name throws -> RenderingMode in
            guard let mode = RenderingMode(rawValue: name) else {
                throw ValidationError("unknown rendering '\(name)': use one of \(RenderingMode.names)")
            }
            return mode
        }
        let options = RenderOptions(scale: scale, rendering: mode)
        let provider = TimelineProvider(reader: try InMemoryCards(reading: CardReader(container: container)), clock: clock)
        let snapshotter = WidgetSnapshotter(provider: provider, renderer: .live, cache: nil)
        let first = try RenderBenchmark.medianMilliseconds(runs: 1) {
            _ = try snapshotter.snapshot(of: configuration, options: options)
        }
        let milliseconds = try RenderBenchmark.medianMilliseconds(runs: runs) {
            _ = try snapshotter.snapshot(of: configuration, options: options)
        }
        var report = "bench: pipeline_ms=\(milliseconds) first_ms=\(first)"
        report += try stageReport(configuration, container: container, clock: clock, options: options)
        if let dumpRGBA {
            let (entry, _) = try snapshotter.entry(for: configuration, source: .timeline)
            let image = try WidgetRenderer.live.drawRGBA(entry, options: options)
            try Data(image.bytes).write(to: URL(fileURLWithPath: dumpRGBA))
            report += " width=\(image.width) height=\(image.height)"
        }
        FileHandle.standardError.write(Data((report + "\n").utf8))
    }

    /// ` database_ms=… timeline_ms=… barcodes_ms=… draw_ms=… palette_ms=… encode_ms=…`: opening the
    /// store and reading the cards, building the timeline, then the renderer's stages.
    private func stageReport(
        _ configuration: WidgetConfiguration, container: SharedContainer, clock: WalletClock, options: RenderOptions
    ) throws -> String {
        var cards = try InMemoryCards(reading: CardReader(container: container))
        let database = try RenderBenchmark.medianMilliseconds(runs: runs) {
            cards = try InMemoryCards(reading: CardReader(container: container))
        }
        let provider = TimelineProvider(reader: cards, clock: clock)
        var timeline = try provider.timeline(for: configuration)
        let building = try RenderBenchmark.medianMilliseconds(runs: runs) {
            timeline = try provider.timeline(for: configuration)
        }
        let stages = try RenderBenchmark.stageMilliseconds(
            timeline.entries[0], renderer: .live, options: options, runs: runs)
        return " database_ms=\(database) timeline_ms=\(building)"
            + stages.map { " \($0.stage)_ms=\($0.milliseconds)" }.joined()
    }
}
