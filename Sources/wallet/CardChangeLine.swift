import Foundation
import WalletCore
import WidgetEngine

/// The one line `card edit` and `card remove` print (unless `--quiet`): what changed, and which
/// widgets a removed card leaves.
enum CardChangeLine {
    /// Values are shown up to this many characters (a note can be long).
    static let valueLimit = 24

    /// "edited Tesco (0a1b2c3d): store 'Tesco' -> 'Tesco Extra', format none -> qr", or that
    /// nothing changed. Fields are compared as the card JSON names them.
    static func edited(before: Card, after: Card) -> String {
        let old = fields(of: before), new = fields(of: after)
        let changes = new.keys.sorted().compactMap { key -> String? in
            let (from, to) = (old[key] ?? NSNull(), new[key] ?? NSNull())
            guard canonical(from) != canonical(to) else { return nil }
            return "\(key) \(shown(from)) -> \(shown(to))"
        }
        let name = title(after)
        return changes.isEmpty
            ? "\(name) unchanged: it already had these values" : "edited \(name): " + changes.joined(separator: ", ")
    }

    /// "removed Tesco (0a1b2c3d)", and the widgets that showed it: "; widget 5e6f7a8b (small)
    /// no longer shows it".
    static func removed(_ card: Card, from widgets: [WidgetConfiguration]) -> String {
        let left = widgets.filter { $0.cards.contains(.card(card.id)) }.map { "\($0.id.prefix(8)) (\($0.family.rawValue))" }
        guard !left.isEmpty else { return "removed \(title(card))" }
        let plural = left.count > 1
        return
            "removed \(title(card)); widget\(plural ? "s" : "") \(left.joined(separator: ", ")) no longer show\(plural ? "" : "s") it"
    }

    private static func title(_ card: Card) -> String {
        "\(TerminalText.escaped(card.store)) (\(card.id.lowercasedText.prefix(8)))"
    }

    /// The card's editable fields as the card JSON has them.
    private static func fields(of card: Card) -> [String: Any] {
        let object = (try? JSONSerialization.jsonObject(with: CardJSONWriter.object(card))) as? [String: Any] ?? [:]
        return object.filter { !["id", "createdAt", "lastUsed", "usageCount"].contains($0.key) }
    }

    /// A JSON value as bytes that are equal for equal values.
    private static func canonical(_ value: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: [value], options: .sortedKeys)
    }

    /// A JSON value in a line: text quoted and cut, null as none, lists comma-separated.
    private static func shown(_ value: Any) -> String {
        switch value {
        case is NSNull: return "none"
        case let text as String:
            let line = TerminalText.escaped(text)
            return "'" + (line.count > valueLimit ? String(line.prefix(valueLimit - 1)) + "…" : line) + "'"
        case let list as [Any]: return list.isEmpty ? "none" : "[" + list.map(shown).joined(separator: ", ") + "]"
        case let flag as Bool: return flag ? "yes" : "no"  // the card's flags; it has no numeric fields
        default: return "\(value)"
        }
    }
}
