import Foundation
import WalletCore
import WidgetEngine

/// A widget as the widget commands name it to a person: its short id and family, its cards by
/// store name ("5e6f7a8b (medium): Tesco, Boots Advantage, empty slot").
enum WidgetSummary {
    /// "5e6f7a8b (medium)".
    static func title(_ widget: WidgetConfiguration) -> String {
        "\(widget.id.prefix(8)) (\(widget.family.rawValue))"
    }

    /// The widget's cards by store name, in slot order: "Tesco, empty slot"; "no cards chosen"
    /// when it has none (a ranking mode picks them). A card that is gone shows its short id.
    static func cards(_ widget: WidgetConfiguration, stores: [UUID: String]) -> String {
        guard !widget.cards.isEmpty else { return "no cards chosen" }
        return widget.cards.map { slot in
            switch slot {
            case .empty: "empty slot"
            case .card(let id): stores[id].map { TerminalText.escaped($0) } ?? String(id.lowercasedText.prefix(8))
            }
        }.joined(separator: ", ")
    }

    /// Every card's store name by id, archived ones included (a widget may still name one).
    static func stores(_ reader: CardReading) throws -> [UUID: String] {
        Dictionary(try reader.cards(includeArchived: true).map { ($0.id, $0.store) }, uniquingKeysWith: { first, _ in first })
    }
}
