import Foundation
import WalletCore

/// Everything an import brings in or an export writes out: cards, group names and usage history.
///
/// Readers (`CatimaCSVReader`, `PKPassReader`, `WalletJSONCodec`) produce one; writers take one.
/// Each card's `lastUsed` and `usageCount` agree with `usageEvents` (the usage log is the truth).
public struct WalletArchive: Equatable, Sendable {
    public var cards: [Card]
    /// Every group name, including groups no card belongs to, in the file's order.
    public var groups: [String]
    /// Opens of the cards above, oldest first.
    public var usageEvents: [UsageEvent]
    /// Where each card came from in the imported file (parallel to `cards`; empty for archives
    /// not read from a file), so errors found when storing name the line or entry.
    public var cardLocations: [SourceLocation]
    /// Rows read leniently, as Catima reads them, that the user should check (empty for writers).
    public var warnings: [ImportWarning] = []
    /// The images and pass colors of the cards that have any, by card id (images already taken
    /// in through `CardImageIntake` when read from a file).
    public var art: [UUID: CardArtwork] = [:]
    /// The id each card had in the file it was read from, where that file numbers its cards
    /// (Catima's integer `_id`, which names its image members).
    public var sourceIDs: [UUID: String] = [:]

    public init(
        cards: [Card] = [], groups: [String] = [], usageEvents: [UsageEvent] = [], cardLocations: [SourceLocation] = []
    ) {
        self.cards = cards
        self.groups = groups
        self.usageEvents = usageEvents
        self.cardLocations = cardLocations
    }

    /// Sets each card's `lastUsed` and `usageCount` from `usageEvents` and sorts the events oldest first.
    mutating func deriveUsage() {
        usageEvents.sort { $0.date < $1.date }
        var lastUsed: [UUID: Date] = [:]
        var counts: [UUID: Int] = [:]
        for event in usageEvents {
            lastUsed[event.cardID] = max(lastUsed[event.cardID] ?? event.date, event.date)
            counts[event.cardID, default: 0] += 1
        }
        for index in cards.indices {
            cards[index].lastUsed = lastUsed[cards[index].id]
            cards[index].usageCount = counts[cards[index].id] ?? 0
        }
    }

    /// Adds to `groups` every group a card names but the list lacks, keeping first-seen order.
    mutating func collectGroups() {
        var known = Set(groups)
        for card in cards {
            for group in card.groups where known.insert(group).inserted {
                groups.append(group)
            }
        }
    }
}
