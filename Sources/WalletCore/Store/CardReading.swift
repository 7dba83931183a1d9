import Foundation

/// Read-only access to the wallet's cards: all the widget side may see.
///
/// `CardReader` implements it over the shared database; tests may implement it over fixtures.
public protocol CardReading: Sendable {
    /// Cards ordered favorites first, then by store name; archived cards only when asked.
    func cards(includeArchived: Bool) throws -> [Card]
    /// The card with this id, or nil when it no longer exists.
    func card(id: UUID) throws -> Card?
    /// Every recorded open of a card, oldest first.
    func usageEvents() throws -> [UsageEvent]
    /// A counter the app side bumps on every change a widget could show; equal values mean
    /// the widget's data is unchanged (the `WidgetCenter.reloadTimelines` signal).
    func dataGeneration() throws -> Int64
    /// The stored images of `role` of the cards in `ids` that have one (read only when drawn or
    /// exported: a card carries just its ``CardArtSummary``).
    func images(_ role: CardImageRole, of ids: [UUID]) throws -> [UUID: CardImage]
}

extension CardReading {
    /// The card's image of `role`, or nil.
    public func image(_ role: CardImageRole, of id: UUID) throws -> CardImage? {
        try images(role, of: [id])[id]
    }

    /// The whole art of each card that has any (its colors and every image), one read per role:
    /// what exports write.
    public func art(of cards: [Card]) throws -> [UUID: CardArtwork] {
        var art: [UUID: CardArtwork] = [:]
        for card in cards where card.art != .none {
            art[card.id] = CardArtwork(foregroundColor: card.art.foregroundColor, labelColor: card.art.labelColor)
        }
        for role in CardImageRole.allCases {
            let ids = cards.filter { $0.art.has(role) }.map(\.id)
            guard !ids.isEmpty else { continue }
            for (id, image) in try images(role, of: ids) { art[id, default: .none].images[role] = image }
        }
        return art
    }
}

/// Everything a wallet holds, read-only: cards, usage and group names. Both the app side's
/// ``CardRepository`` and the read-only ``CardReader`` give it, so an export reads through the
/// latter and never writes to the wallet it copies.
public protocol WalletContentsReading: CardReading {
    /// Group names, in the order they were created.
    func groups() throws -> [String]
}

extension CardRepository: WalletContentsReading {}
extension CardReader: WalletContentsReading {}
