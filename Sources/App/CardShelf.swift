import WalletCore

/// Which cards the list shows, besides what the search matches: the cards in use, one group's
/// cards in use, or the archived cards, which never mix with the others (as Catima keeps them
/// under its own "Archived" view). The shelves are the chips above the list.
enum CardShelf: Hashable {
    /// Every card not archived.
    case all
    /// The cards of one group that are not archived.
    case group(String)
    /// The archived cards only.
    case archived

    /// The chips for a wallet: "All cards", each group (in `groups` order, the order they were
    /// made) that has a card in use, and "Archived" when a card is archived. `cards` is the whole
    /// wallet, archived cards included.
    static func shelves(groups: [String], cards: [Card]) -> [CardShelf] {
        var used: Set<String> = []
        var anyArchived = false
        for card in cards {
            if card.archived {
                anyArchived = true
            } else {
                used.formUnion(card.groups)
            }
        }
        return [.all] + groups.filter(used.contains).map(CardShelf.group) + (anyArchived ? [.archived] : [])
    }

    /// This shelf when it is among `shelves` (the chips of the wallet as it is now), else all
    /// cards: a group whose last card left, or the last archived card restored, is no shelf.
    func kept(among shelves: [CardShelf]) -> CardShelf {
        shelves.contains(self) ? self : .all
    }

    /// True when `card` belongs on this shelf.
    func admits(_ card: Card) -> Bool {
        switch self {
        case .all: !card.archived
        case .group(let name): !card.archived && card.groups.contains(name)
        case .archived: card.archived
        }
    }

    /// The chip's label (and accessible name): a group is named as the person named it.
    var title: String {
        switch self {
        case .all: tr("All cards")
        case .group(let name): name
        case .archived: tr("Archived")
        }
    }
}
