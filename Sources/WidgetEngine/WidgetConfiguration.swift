import Foundation
import WalletCore

/// One installed widget: its identity, size and the selection intent the user configured.
public struct WidgetConfiguration: Codable, Equatable, Sendable, Identifiable {
    /// Lower-case UUID; the CLI also accepts a unique prefix.
    public var id: String
    public var family: WidgetFamily
    public var mode: SelectionMode
    /// The configured slots (manual mode shows them; the other modes keep them for a switch back).
    public var cards: [CardSlot]
    /// Where the previous/next buttons of a one-card widget in a ranked mode stepped to; nil
    /// shows the first ranked card.
    public var position: CardPosition?

    public init(
        id: String = UUID().lowercasedText, family: WidgetFamily, mode: SelectionMode, cards: [CardSlot],
        position: CardPosition? = nil
    ) {
        self.id = id
        self.family = family
        self.mode = mode
        self.cards = cards
        self.position = position
    }

    /// True when the widget shows one of several ranked cards at a time and can step through them.
    public var stepsThroughCards: Bool { family.maxCards == 1 && mode.isRanked }

    /// True when `other` is this configuration with only the buttons' position moved: a button's
    /// intent ran, the user did not reconfigure the widget.
    public func differsOnlyInPosition(from other: WidgetConfiguration) -> Bool {
        var moved = other
        moved.position = position
        return moved == self && other.position != position
    }
}
