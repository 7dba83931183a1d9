import Foundation
import WalletCore
internal import FileOutput

/// What a widget button does when tapped: runs in the widget's process, writes the shared
/// store, and reloads the widget at once.
public enum WidgetIntent: String, CaseIterable, Codable, Sendable {
    /// Show the next ranked card (small widgets in recent, suggested and favorites mode).
    case nextCard = "next-card"
    /// Show the previous ranked card.
    case previousCard = "previous-card"
    /// Flip the favorite flag of the card the button sits on (medium and large tiles).
    case toggleFavorite = "toggle-favorite"
}

/// Runs widget buttons' intents: stepping writes the widget's position in `widgets.json`,
/// the star writes the card's favorite flag through `FavoriteToggle` (the widget side's only
/// write to the wallet). Either way the tapped widget is reloaded at once.
public struct WidgetIntentRunner: Sendable {
    private let center: WidgetCenter
    private let provider: TimelineProvider
    private let favorites: FavoriteToggle

    /// `provider` must read the cards fresh (the ranking is taken when the intent runs).
    public init(center: WidgetCenter, provider: TimelineProvider, favorites: FavoriteToggle) {
        self.center = center
        self.provider = provider
        self.favorites = favorites
    }

    /// Runs `intent` for `widget`; `card` is the card a star acts on.
    public func run(_ intent: WidgetIntent, card: UUID?, on widget: WidgetConfiguration) throws(WidgetError) {
        switch intent {
        case .nextCard, .previousCard:
            let offset = intent == .nextCard ? 1 : -1
            try center.step(widget.id) { (stored) throws(WidgetError) -> CardPosition in
                let ranked = try provider.ranking(for: stored)
                guard stored.stepsThroughCards, ranked.count > 1 else {
                    throw .intentFailed("the widget has no other card to step to")
                }
                return CardPosition.stepped(stored.position, by: offset, in: ranked)
            }
        case .toggleFavorite:
            guard let card else { throw .intentFailed("the star button names no card") }
            do {
                try favorites.toggle(card)
            } catch {
                throw .favoriteNotToggled(UnderlyingError(error))
            }
        }
        try center.reloadAfterIntent(widget.id)
    }
}
