import ArgumentParser
import Foundation
import WidgetEngine
import WidgetRenderer
import WalletCore

/// `wallet widget render`: PNG snapshots of one widget or of all of them.
struct WidgetRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render widget snapshots as PNG (or PDF).",
        discussion: """
            An --output ending in .pdf gets a one-page PDF of the snapshot at its size in points. \
            With --all, --output is a directory and each widget goes to DIR/<widget-id>-<family>.png.
            """)

    @OptionGroup var container: ContainerOptions
    @OptionGroup var render: RenderOptionGroup
    @Argument(help: "Widget id or unique id prefix (omit with --all).", completion: ShellCompletions.widgets) var widget: String?
    @Flag(help: "Render every installed widget.") var all = false
    @Option(help: "Output PNG or PDF file, or directory with --all.", completion: .file(extensions: ["png", "pdf"])) var output:
        String
    @Flag(help: "Draw the redacted placeholder instead of real data.") var placeholder = false
    @Flag(help: "Draw the gallery preview (sample cards when the wallet is empty).") var preview = false
    @Flag(help: "Render even when an identical snapshot is cached.") var noCache = false
    @Option(
        help: ArgumentHelp(
            "Also write what was drawn where, in points: text runs (font, size, colors, contrast), codes (module size, quiet zone) and images.",
            valueName: "FILE.json")) var layout: String?

    func validate() throws {
        guard all != (widget != nil) else { throw WidgetInputError("give a widget id or --all (not both)") }
        guard !(placeholder && preview) else { throw WidgetInputError("choose --placeholder or --preview, not both") }
        guard layout == nil || widget != nil else {
            throw WidgetInputError("--layout reports one widget: give a widget id, not --all")
        }
    }

    func run() throws {
        let side = try WidgetSide(container)
        let options = try render.options()
        let source: WidgetSnapshotter.Source = placeholder ? .placeholder : preview ? .preview : .timeline
        let snapshotter = WidgetSnapshotter(
            provider: try side.provider(), renderer: .live,
            cache: noCache ? nil : SnapshotCache(containerURL: side.container.url))
        if widget != nil {
            try OutputFileName.check(output, writer: "--output", extensions: ["png", "pdf"], formats: "PNG (.png) or PDF (.pdf)")
        }
        if let widget {
            let configuration = try side.center.widget(widget)
            let recorder = layout.map { _ in LayoutRecorder(scale: options.displayScale) }
            let snapshot = try snapshotter.snapshot(of: configuration, options: options, source: source, recorder: recorder)
            report(snapshot.notes, widget: configuration)
            let isPDF = output.lowercased().hasSuffix(".pdf")
            try WidgetRenderer.write(
                isPDF ? try WidgetRenderer.pdf(fromPNG: snapshot.png, scale: options.displayScale) : snapshot.png, to: output)
            if let layout, let recorder {
                try WidgetRenderer.writeReport(recorder.json(), to: layout)
            }
            try side.recordDeliveries([configuration.id: snapshot.timeline])
            return
        }
        // Everything is rendered before anything is written: a failure leaves the directory alone.
        // A screen without lock-screen widgets renders the others and says which it skipped.
        let (widgets, skipped) = try side.center.widgets().reduce(into: ([WidgetConfiguration](), [WidgetConfiguration]())) {
            if options.device.supports($1.family) { $0.0.append($1) } else { $0.1.append($1) }
        }
        for widget in skipped {
            let reason = "the \(options.device.name) screen has no \(widget.family.rawValue) widgets, skipped"
            FileHandle.standardError.write(Data("note: widget \(widget.id.prefix(8)): \(reason)\n".utf8))
        }
        // Each widget's render releases the clean code pages again (CleanPages): released once, a
        // cold `--all` peaked above the render budget (bench/results.md, "Figures behind the
        // code's comments", `widget render --all`).
        let snapshots = try widgets.map { widget in
            CleanPages.releaseBeforeNextRender()
            return try snapshotter.snapshot(of: widget, options: options, source: source)
        }
        let paths: [String]
        do throws(SnapshotDirectoryError) {
            paths = try SnapshotDirectory.write(zip(widgets, snapshots).map { ($0, $1.png) }, to: output)
        } catch {
            guard case .notADirectory = error else { throw error }
            throw WidgetInputError("--output \(output) is a file: with --all, --output names a directory")
        }
        for (configuration, snapshot) in zip(widgets, snapshots) { report(snapshot.notes, widget: configuration) }
        for path in paths { print(path) }
        let timelines = zip(widgets, snapshots).map { ($0.id, $1.timeline) }
        try side.recordDeliveries(Dictionary(timelines, uniquingKeysWith: { first, _ in first }))
    }

    private func report(_ notes: [String], widget: WidgetConfiguration) {
        for note in notes {
            FileHandle.standardError.write(Data("note: widget \(widget.id.prefix(8)): \(TerminalText.escaped(note))\n".utf8))
        }
    }
}
