import Foundation
import WalletCore
import WidgetEngine

/// What the widgets page does to a widget's slots: move one up or down, take one out, put a
/// card at the end. Each gives the whole new list, which `WidgetCenter.configure` then checks
/// (the family's maximum is its rule, not the page's) and saves, as `wallet widget configure
/// --cards` does.
enum WidgetSlotEdit {
    /// `slots` with the slot at `index` moved `offset` places (-1 up, +1 down); nil when it
    /// cannot move that way.
    static func moving(_ slots: [CardSlot], at index: Int, by offset: Int) -> [CardSlot]? {
        let target = index + offset
        guard slots.indices.contains(index), slots.indices.contains(target), offset != 0 else { return nil }
        var moved = slots
        moved.swapAt(index, target)
        return moved
    }

    /// `slots` without the slot at `index` (nil when there is none).
    static func removing(_ slots: [CardSlot], at index: Int) -> [CardSlot]? {
        guard slots.indices.contains(index) else { return nil }
        var shorter = slots
        shorter.remove(at: index)
        return shorter
    }

    /// `slots` with `card` at the end (unchanged when it is already there: a widget shows a
    /// card once).
    static func adding(_ card: UUID, to slots: [CardSlot]) -> [CardSlot] {
        slots.contains(.card(card)) ? slots : slots + [.card(card)]
    }
}

/// How the app names widgets, families and modes to a person.
enum WidgetNames {
    /// "Medium widget", "Lock screen circle widget".
    static func family(_ family: WidgetFamily) -> String {
        switch family {
        case .small: tr("Small widget")
        case .medium: tr("Medium widget")
        case .large: tr("Large widget")
        case .accessoryCircular: tr("Lock screen circle widget")
        case .accessoryRectangular: tr("Lock screen rectangle widget")
        case .accessoryInline: tr("Lock screen line widget")
        }
    }

    /// The widget's name: its family and the short id the CLI shows ("Medium widget 5e6f7a8b").
    static func widget(_ widget: WidgetConfiguration) -> String {
        "\(family(widget.family)) \(widget.id.prefix(8))"
    }

    /// "Manual", "Recent", "Suggested", "Favorites".
    static func mode(_ mode: SelectionMode) -> String {
        switch mode {
        case .manual: tr("Manual")
        case .recent: tr("Recent")
        case .suggested: tr("Suggested")
        case .favorites: tr("Favorites")
        }
    }

    /// What a mode shows, in a sentence.
    static func explanation(_ mode: SelectionMode) -> String {
        switch mode {
        case .manual: tr("Shows the cards below, in this order.")
        case .recent: tr("Shows the cards you used most recently.")
        case .suggested: tr("Shows the cards you usually use at this time of day and week.")
        case .favorites: tr("Shows your favorite cards. The cards below are kept for when you switch back.")
        }
    }

    /// "Holds up to 4 cards" / "Holds 1 card".
    static func capacity(_ family: WidgetFamily) -> String {
        family.maxCards == 1 ? tr("Holds 1 card") : tr("Holds up to %@ cards", "\(family.maxCards)")
    }

    /// A slot's title: the card's store, "Empty slot", or the short id of a card no longer there.
    static func slot(_ slot: CardSlot, stores: [UUID: String]) -> String {
        switch slot {
        case .empty: tr("Empty slot")
        case .card(let id): stores[id] ?? tr("Removed card %@", String(id.lowercasedText.prefix(8)))
        }
    }

    /// The row's subtitle: "Manual · Tesco, Boots", "Recent · No cards chosen".
    static func summary(_ widget: WidgetConfiguration, stores: [UUID: String]) -> String {
        let cards =
            widget.cards.isEmpty ? tr("No cards chosen") : widget.cards.map { slot($0, stores: stores) }.joined(separator: ", ")
        return "\(mode(widget.mode)) · \(cards)"
    }
}
