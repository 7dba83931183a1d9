import WalletCore

/// One slot of what a widget shows: a card (with its data) or an empty position.
public enum DisplaySlot: Equatable, Sendable {
    case card(Card)
    case empty

    public var card: Card? {
        if case .card(let card) = self { return card }
        return nil
    }
}
