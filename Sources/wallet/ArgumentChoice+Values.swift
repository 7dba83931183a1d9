import ArgumentParser
import Barcodes
import WalletCore
import WalletInterop
import WidgetEngine
import WidgetRenderer

// The wallet's value types as option values. Each parses through the domain's own parser, so
// the command line accepts exactly what the libraries do (Catima's format names, any case).

extension Symbology: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "format" }
    static func parse(_ text: String) throws -> Symbology {
        guard let symbology = Symbology(name: text) else { throw BarcodeError.unknownFormat(text) }
        return symbology
    }
    public init?(argument: String) { self.init(name: argument) }
}

extension ExportFormat: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "export-format" }
    static func parse(_ text: String) throws -> ExportFormat { try named(text) }
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

extension CardSort: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "order" }
    static func parse(_ text: String) throws -> CardSort { try lowercasedCase(text, or: CLIError.unknownSort) }
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

extension WidgetFamily: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "family" }
    static func parse(_ text: String) throws -> WidgetFamily { try WidgetFamily(name: text) }
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

extension SelectionMode: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "mode" }
    static func parse(_ text: String) throws -> SelectionMode { try SelectionMode(name: text) }
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

extension Appearance: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "appearance" }
    static func parse(_ text: String) throws -> Appearance {
        try lowercasedCase(text) { WidgetInputError("unknown appearance '\($0)': use light or dark") }
    }
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

extension RenderingMode: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "rendering" }
    static func parse(_ text: String) throws -> RenderingMode {
        try lowercasedCase(text) { WidgetInputError("unknown rendering '\($0)': use one of \(RenderingMode.names)") }
    }
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

/// `--device`: a screen by its preset name; the list is ``DeviceMetrics/all``, so a preset
/// added there is offered by help and completion with no change here.
extension DeviceMetrics: ExpressibleByArgument, ArgumentChoice {
    static var valueName: String { "device" }
    static func parse(_ text: String) throws -> DeviceMetrics { try named(text) }
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
    public static var allValueStrings: [String] { all.map(\.name) }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    public var defaultValueDescription: String { name }
}

/// `card add|edit --format`: a barcode format, or `none` (edit only: the card keeps its number
/// and loses its barcode).
enum CardFormatChoice: ArgumentChoice, Equatable {
    case format(Symbology)
    case noBarcode

    static var valueName: String { "barcode-format" }
    static var allValueStrings: [String] { Symbology.allValueStrings + ["none"] }
    static func parse(_ text: String) throws -> CardFormatChoice {
        text.lowercased() == "none" ? .noBarcode : .format(try Symbology.parse(text))
    }
    init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}
