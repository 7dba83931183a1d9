import WidgetEngine

/// The argument vectors a desktop sends on every click and refresh, read without ArgumentParser.
///
/// ArgumentParser builds every command on the path by reflection (`Mirror` over each property
/// wrapper, generic metadata made from mangled names, protocol conformances looked up by scanning
/// the executable's 7,300 conformance records) and tries two completion-script parsers first:
/// a large part of the start-up budget (issue 26, bench/results.md "Reference measurements",
/// `FrequentCommand`). Hand-written for
/// that budget, and kept to exact shapes:
/// - `card list` and `card list --json`;
/// - `widget tap WIDGET X Y`, optionally followed by `--device NAME`.
///
/// Anything else, and any argument of these shapes that starts with `-` or is `help`, goes to
/// ArgumentParser, which stays the only source of help, completions and error messages. A shape
/// read here gives the same request value (``CardListRequest``, ``WidgetTapRequest``) as the
/// parsed command's `request`, and runs the same code; Tests/walletTests compares the two.
enum FrequentCommand: Equatable {
    case cardList(CardListRequest)
    case widgetTap(WidgetTapRequest)

    /// The request `arguments` (without the program name) make, or nil to parse them in full.
    init?(arguments: [String]) {
        switch arguments.first {
        case "card":
            guard let request = Self.cardList(Array(arguments.dropFirst())) else { return nil }
            self = .cardList(request)
        case "widget":
            guard let request = Self.widgetTap(Array(arguments.dropFirst())) else { return nil }
            self = .widgetTap(request)
        default:
            return nil
        }
    }

    func run() throws {
        switch self {
        case .cardList(let request): try request.run()
        case .widgetTap(let request): try request.run()
        }
    }

    private static func cardList(_ arguments: [String]) -> CardListRequest? {
        guard arguments.first == "list", arguments.count <= 2 else { return nil }
        let json = arguments.count == 2
        guard !json || arguments[1] == "--json" else { return nil }
        return CardListRequest(home: nil, json: json)
    }

    private static func widgetTap(_ arguments: [String]) -> WidgetTapRequest? {
        guard arguments.first == "tap", arguments.count == 4 || arguments.count == 6 else { return nil }
        guard arguments[1..<4].allSatisfy(isPlainValue), let x = Double(arguments[2]), let y = Double(arguments[3]) else {
            return nil
        }
        var device = DeviceMetrics.defaultDevice
        if arguments.count == 6 {
            guard arguments[4] == "--device", isPlainValue(arguments[5]), let named = DeviceMetrics(argument: arguments[5])
            else { return nil }
            device = named
        }
        return WidgetTapRequest(home: nil, widget: arguments[1], device: device, x: x, y: y)
    }

    /// A value ArgumentParser takes as it is: not an option, a `--` or the `help` pseudo-command.
    private static func isPlainValue(_ argument: String) -> Bool {
        !argument.isEmpty && !argument.hasPrefix("-") && argument != "help"
    }
}
