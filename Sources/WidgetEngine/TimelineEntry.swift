import Foundation
import WalletCore

/// What a widget shows from a date on: the cleaned slots with the cards' data.
public struct TimelineEntry: Equatable, Sendable {
    /// How the entry was made; decides redaction and where taps go.
    public enum Kind: String, Sendable {
        /// Real cards from the wallet.
        case timeline
        /// Sample cards for a gallery preview of an empty wallet (drawn normally, taps open the app).
        case sample
        /// Sample cards drawn redacted while the real data loads.
        case placeholder
    }

    public var date: Date
    public var family: WidgetFamily
    /// The slots to draw, already cleaned; empty means the empty state. Their cards carry the
    /// color they are shown in (`WalletColors`), which for a generated color may differ
    /// from the stored one.
    public var slots: [DisplaySlot]
    public var kind: Kind
    public var relevance: Relevance
    /// For a one-card widget in a ranked mode: which of the ranked cards it shows (nil otherwise).
    public var stepping: Stepping?
    /// How the widget picks its cards (nil for placeholder and sample entries): the empty state
    /// says what to do in that mode.
    public var mode: SelectionMode?
    /// The logo (a PNG the wallet encoded itself) of each shown card that has one, by card id:
    /// tiles draw it in place of the name.
    public var logos: [UUID: Data] = [:]

    public init(
        date: Date, family: WidgetFamily, slots: [DisplaySlot], kind: Kind, relevance: Relevance,
        stepping: Stepping? = nil, mode: SelectionMode? = nil
    ) {
        self.date = date
        self.family = family
        self.slots = slots
        self.kind = kind
        self.relevance = relevance
        self.stepping = stepping
        self.mode = mode
    }

    /// The cards shown, in slot order.
    public var cards: [Card] { slots.compactMap(\.card) }

    /// True when nothing is selected: the widget invites configuration.
    public var isEmptyState: Bool { cards.isEmpty }

    /// True when cards are drawn redacted (placeholder).
    public var isRedacted: Bool { kind == .placeholder }

    /// True when the entry shows one of several ranked cards of the wallet: its widget draws
    /// previous/next buttons (a family whose traits have them: small; lock-screen widgets have
    /// no room for them).
    public var hasStepButtons: Bool {
        family.traits.buttons == .stepThroughCards && kind == .timeline && (stepping?.count ?? 0) > 1
    }

    /// The one line an inline lock-screen widget shows: `store · number`, or an invitation to
    /// choose a card in the empty state.
    public var inlineText: String {
        guard let card = cards.first else { return "Choose a card" }
        return "\(card.store) · \(card.code)"
    }
}
