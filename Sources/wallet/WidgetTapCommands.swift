import ArgumentParser
import Foundation
import WalletCore
import WidgetEngine
import WidgetRenderer

/// `wallet widget links`: the widget's tap targets in points.
struct WidgetLinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "List a widget's tap targets (points): the deep links they open and the buttons' intents.")

    @OptionGroup var target: WidgetTarget
    @OptionGroup var device: DeviceOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let (_, _, map) = try WidgetTapMap.current(home: target.container.home, widget: target.widget, device: device.device)
        let links = map.listedLinks
        if json {
            try WidgetJSON.print(map.listedTargets)
            return
        }
        for link in links {
            print((Self.numbers(link.rect) + [link.url]).joined(separator: " "))
        }
        for button in map.buttons {
            let card = button.card.map { " \($0.lowercasedText)" } ?? ""
            print((Self.numbers(button.rect) + ["intent:\(button.intent.rawValue)\(card)"]).joined(separator: " "))
        }
        print("elsewhere \(TapMap.appURL)")
    }

    private static func numbers(_ rect: Rect) -> [String] {
        [rect.x, rect.y, rect.width, rect.height].map(WidgetTapCommand.format)
    }
}

/// `wallet widget tap`: the URL a tap at a point opens, or the intent a button runs.
struct WidgetTapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Tap a widget at (X, Y) points: print the deep link it opens, or run the button's intent.",
        discussion: "A button runs its intent on the shared store, reloads the widget and prints intent:<name>.")

    @OptionGroup var target: WidgetTarget
    @OptionGroup var device: DeviceOptions
    @Argument(help: "Points from the widget's left edge.") var x: Double
    @Argument(help: "Points from the widget's top edge.") var y: Double

    /// The tap as plain values (``FrequentCommand`` makes the same without parsing).
    var request: WidgetTapRequest {
        WidgetTapRequest(home: target.container.home, widget: target.widget, device: device.device, x: x, y: y)
    }

    func run() throws { try request.run() }

    static func format(_ value: Double) -> String { String(format: "%g", value) }
}

/// `wallet widget tap` as plain values: what the parser or ``FrequentCommand`` read.
struct WidgetTapRequest: Equatable {
    var home: String?
    var widget: String
    var device: DeviceMetrics
    var x: Double
    var y: Double

    /// Prints the deep link at (x, y), or runs the button there and prints `intent:NAME`.
    func run() throws {
        let (side, configuration, map) = try WidgetTapMap.current(home: home, widget: widget, device: device)
        switch map.target(atX: x, y: y) {
        case nil:
            let (width, height) = (WidgetTapCommand.format(map.bounds.width), WidgetTapCommand.format(map.bounds.height))
            throw WidgetInputError(
                "(\(WidgetTapCommand.format(x)), \(WidgetTapCommand.format(y))) is outside the widget, which is \(width) points wide and \(height) high: "
                    + "tap at an x from 0 to less than \(width) and a y from 0 to less than \(height)")
        case .link(let url):
            print(url)
        case .button(let button):
            let runner = WidgetIntentRunner(
                center: side.center, provider: TimelineProvider(reader: side.reader, clock: side.clock),
                favorites: FavoriteToggle(container: side.container, clock: side.clock))
            try runner.run(button.intent, card: button.card, on: configuration)
            print("intent:\(button.intent.rawValue)")
            // stdout stays the intent's name (scripts read it); what it did goes to stderr.
            if button.intent == .toggleFavorite, let id = button.card, let card = try? side.reader.card(id: id) {
                let state = card.favorite ? "now a favorite (★)" : "no longer a favorite"
                let line = "\(TerminalText.escaped(card.store)) (\(id.lowercasedText.prefix(8))) is \(state)\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
    }
}

/// The tap map of a widget's current entry.
enum WidgetTapMap {
    static func current(
        home: String?, widget: String, device metrics: DeviceMetrics
    ) throws -> (WidgetSide, WidgetConfiguration, TapMap) {
        let (side, configuration) = try WidgetTarget.resolve(widget, in: SharedContainer.resolve(home: home))
        try metrics.check(configuration.family)
        let entry = try side.provider().currentEntry(for: configuration)
        return (
            side, configuration,
            WidgetRenderer.live.tapMap(
                for: entry, options: RenderOptions(device: metrics, scale: try metrics.drawingScale(asked: nil)))
        )
    }
}
