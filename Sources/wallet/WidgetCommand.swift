import ArgumentParser
import Foundation
import WalletCore
import WidgetEngine
import WidgetRenderer

/// `wallet widget`: the widget side — configure widgets, inspect timelines, render snapshots, tap.
struct WidgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget", abstract: "Configure, render and tap home-screen widgets.",
        subcommands: [
            WidgetAddCommand.self, WidgetConfigureCommand.self, WidgetOptionsCommand.self, WidgetListCommand.self,
            WidgetRemoveCommand.self, WidgetTimelineCommand.self, WidgetRenderCommand.self, WidgetLinksCommand.self,
            WidgetTapCommand.self, WidgetHostCommand.self, WidgetEventsCommand.self, WidgetRequestReloadCommand.self,
        ])
}

/// What every widget command works with: the installed widgets and the read-only card view.
struct WidgetSide {
    let container: SharedContainer
    let center: WidgetCenter
    let reader: CardReader
    let clock: WalletClock

    init(_ options: ContainerOptions) throws {
        try self.init(options.container)
    }

    init(_ container: SharedContainer) throws {
        self.container = container
        clock = try WalletClock.fromEnvironment()
        center = WidgetCenter(container: container, clock: clock)
        reader = try CardReader(container: container)
        ProcessLifetime.keep(reader)
    }

    /// A provider over the cards as they are now (read once, however many widgets it serves).
    func provider() throws -> TimelineProvider {
        TimelineProvider(reader: try InMemoryCards(reading: reader), clock: clock)
    }

    /// Notes in the widget center that these widgets (by id) now show these timelines; nil
    /// (a placeholder or preview was drawn) records nothing.
    func recordDeliveries(_ timelines: [String: Timeline?]) throws {
        let delivered = timelines.compactMapValues { $0 }
        guard !delivered.isEmpty else { return }
        try center.recordDeliveries(delivered, generation: try reader.dataGeneration())
    }

    /// `--cards` text as slots: comma-separated references resolved through the reader.
    func slots(_ text: String, for family: WidgetFamily) throws -> [CardSlot] {
        let references = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard references.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw WidgetInputError(
                "--cards has an empty entry: separate card references with single commas, use none for an empty slot")
        }
        return try CardSelection.resolve(references, for: family, reader: reader)
    }
}

/// The widget a command acts on, and where the wallet lives.
struct WidgetTarget: ParsableArguments {
    @OptionGroup var container: ContainerOptions
    @Argument(help: "Widget id or unique id prefix.", completion: ShellCompletions.widgets) var widget: String

    /// The widget side and the named widget's configuration.
    func resolve() throws -> (WidgetSide, WidgetConfiguration) {
        try Self.resolve(widget, in: container.container)
    }

    /// The widget side of `container` and the configuration of `widget` (an id or unique id
    /// prefix) there: what ``resolve()`` gives, for a caller that did not parse a target.
    static func resolve(_ widget: String, in container: SharedContainer) throws -> (WidgetSide, WidgetConfiguration) {
        let side = try WidgetSide(container)
        return (side, try side.center.widget(widget))
    }
}

/// `--device` for commands that need the widget's size.
struct DeviceOptions: ParsableArguments {
    @Option(help: DeviceMetrics.help("Screen the widget is on, in points."))
    var device: DeviceMetrics = .defaultDevice

    func metrics() -> DeviceMetrics { device }
}

/// Writes Encodable values as compact JSON with sorted keys on stdout.
enum WidgetJSON {
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(value) + Data([0x0A]))
    }
}
