import ArgumentParser
import Foundation
import WalletCore
import WidgetEngine

/// `wallet widget add`: installs a widget and prints its id.
struct WidgetAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a widget; prints its id.")

    @OptionGroup var container: ContainerOptions
    @Option(help: WidgetFamily.help("small holds 1 card, medium up to 4, large up to 8, the accessory (lock-screen) families 1."))
    var family: WidgetFamily
    @Option(help: "Card references separated by commas (id, id prefix or store name); none = empty slot.")
    var cards: String?
    @Option(help: SelectionMode.help("How the widget picks its cards.")) var mode = SelectionMode.manual

    func run() throws {
        let side = try WidgetSide(container)
        let slots = try cards.map { try side.slots($0, for: family) } ?? []
        print(try side.center.add(family: family, mode: mode, cards: slots).id)
    }
}

/// `wallet widget configure`: changes a widget's cards and/or mode.
struct WidgetConfigureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "configure", abstract: "Change a widget's cards or mode.")

    @OptionGroup var target: WidgetTarget
    @Option(help: "Card references separated by commas; none = empty slot.") var cards: String?
    @Option(help: SelectionMode.help("How the widget picks its cards.")) var mode: SelectionMode?

    func validate() throws {
        guard cards != nil || mode != nil else { throw WidgetInputError("nothing to change: give --cards and/or --mode") }
    }

    func run() throws {
        let (side, current) = try target.resolve()
        let slots = try cards.map { try side.slots($0, for: current.family) }
        let configured = try side.center.configure(current.id, cards: slots, mode: mode)
        print(
            "configured widget \(WidgetSummary.title(configured)): \(configured.mode.rawValue), "
                + WidgetSummary.cards(configured, stores: try WidgetSummary.stores(side.reader)))
    }
}

/// `wallet widget options`: the cards the configuration offers now.
struct WidgetOptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "options", abstract: "List the cards a widget can show (favorites first).")

    @OptionGroup var target: WidgetTarget
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let (side, configuration) = try target.resolve()
        let options = try CardSelection.options(reader: side.reader)
        if json {
            FileHandle.standardOutput.write(Self.json(options))
            return
        }
        print("\(configuration.family.rawValue) widget: up to \(configuration.family.maxCards) card(s); none = empty slot")
        for option in options {
            let star = option.favorite ? "★ " : "  "
            print("\(option.id.lowercasedText)  \(star)\(TerminalText.escaped(option.title))  \(option.format ?? "no barcode")")
        }
    }

    /// The options as one line of JSON, keys sorted (`favorite`, `format`, `id`, `title`), written
    /// directly (``JSONBytes``): `JSONEncoder` built a tree of every option first, which made the
    /// command slower and larger than `card list --json` on the same wallet (bench/results.md,
    /// "Figures behind the code's comments", `widget options --json`).
    static func json(_ options: [CardSelection.Option]) -> Data {
        var json = JSONBytes(capacity: options.count * 120 + 3)
        json.raw("[")
        for (index, option) in options.enumerated() {
            json.raw(index == 0 ? "{\"favorite\":" : ",{\"favorite\":")
            json.bool(option.favorite)
            json.raw(",\"format\":")
            json.string(orNull: option.format)
            json.raw(",\"id\":")
            json.string(option.id.lowercasedText)
            json.raw(",\"title\":")
            json.string(option.title)
            json.raw("}")
        }
        json.raw("]\n")
        return Data(json.bytes)
    }
}

/// `wallet widget list`: the installed widgets.
struct WidgetListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List installed widgets.")

    @OptionGroup var container: ContainerOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let side = try WidgetSide(container)
        let widgets = try side.center.widgets()
        let stale = try side.center.widgetsNeedingReload(generation: try side.reader.dataGeneration(), now: side.clock.now())
        if json {
            try WidgetJSON.print(
                widgets.map {
                    WidgetJSONObject(
                        id: $0.id, family: $0.family.rawValue, mode: $0.mode.rawValue, cards: $0.cards.map(\.description),
                        needsReload: stale.contains($0.id))
                })
            return
        }
        guard !widgets.isEmpty else {
            print("No widgets: add one with `wallet widget add --family small --cards CARD`.")
            return
        }
        let stores = try WidgetSummary.stores(side.reader)
        for widget in widgets {
            let redraw = stale.contains(widget.id) ? "  (its cards changed: redrawn at the next render)" : ""
            print(
                "\(widget.id.prefix(8))  \(widget.family.rawValue)  \(widget.mode.rawValue)  "
                    + WidgetSummary.cards(widget, stores: stores) + redraw)
        }
    }

    /// A widget in `widget list --json`; `needsReload` is true when the app changed data the
    /// widget shows since its timeline was last built (or the timeline expired).
    struct WidgetJSONObject: Encodable {
        var id: String
        var family: String
        var mode: String
        var cards: [String]
        var needsReload: Bool
    }
}

/// `wallet widget remove`: uninstalls a widget.
struct WidgetRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a widget.")

    @OptionGroup var target: WidgetTarget

    func run() throws {
        let center = WidgetCenter(container: target.container.container, clock: try WalletClock.fromEnvironment())
        let removed = try center.remove(target.widget)
        print("removed widget \(WidgetSummary.title(removed))")
    }
}
