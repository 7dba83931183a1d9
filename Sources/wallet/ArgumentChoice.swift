import ArgumentParser
import Barcodes
import WalletCore
import WalletInterop
import WidgetEngine
import WidgetRenderer
import Foundation

/// An option value out of a fixed list (`--family`, `--mode`, `--sort`, ...): the parser checks
/// it, help prints "(values: ...)", and shell completion offers the values.
///
/// swift-argument-parser reports a value it cannot convert as "The value 'x' is invalid for
/// '--opt <name>'. Please provide one of ...", a bullet list for longer lists. The wallet's own
/// messages say the same in one line and in its words ("unknown sort 'price': use one of ..."),
/// so ``WalletCommand/main()`` asks ``ArgumentChoices/refusal(for:)`` for the domain's message,
/// found by the option's value name, which is why each choice has its own.
protocol ArgumentChoice: ExpressibleByArgument {
    /// The value name in help and usage (`--family <family>`); unique among the choices.
    static var valueName: String { get }
    /// The value `text` names (any case, aliases accepted), or the domain's one-line error.
    static func parse(_ text: String) throws -> Self
}

extension ArgumentChoice {
    /// The help of an option of this type: `text`, with the choice's value name.
    static func help(_ text: String) -> ArgumentHelp { ArgumentHelp(text, valueName: valueName) }

    /// What ``parse(_:)`` says about `text`, or nil when it is a valid value.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return String(describing: error)
        }
    }
}

extension ArgumentChoice where Self: RawRepresentable, RawValue == String {
    /// The case named `text` in any case, or `refusal(text)` thrown.
    static func lowercasedCase(_ text: String, or refusal: (String) -> any Error) throws -> Self {
        guard let value = Self(rawValue: text.lowercased()) else { throw refusal(text) }
        return value
    }
}

/// Finds the domain's message for a value the parser refused.
enum ArgumentChoices {
    /// Every choice the commands declare.
    static let all: [any ArgumentChoice.Type] = [
        Symbology.self, CardFormatChoice.self, ExportFormat.self, CardSort.self, WidgetFamily.self,
        SelectionMode.self, Appearance.self, RenderingMode.self, DeviceMetrics.self,
    ]

    /// The domain's message for the parser's "The value 'x' is invalid for '--opt <name>'..."
    /// when `<name>` is a choice's value name; nil for any other message.
    static func refusal(for parserMessage: String) -> String? {
        let prefix = "The value '"
        guard parserMessage.hasPrefix(prefix),
            let middle = parserMessage.range(of: "' is invalid for '", options: .backwards),
            let open = parserMessage[middle.upperBound...].firstIndex(of: "<"),
            let close = parserMessage[open...].firstIndex(of: ">")
        else { return nil }
        let value = String(
            parserMessage[parserMessage.index(parserMessage.startIndex, offsetBy: prefix.count)..<middle.lowerBound])
        let name = parserMessage[parserMessage.index(after: open)..<close]
        return all.first { $0.valueName == name }?.refusal(value)
    }
}
