import Foundation
import WalletCore
internal import FileOutput
import Barcodes

/// The dynamic multi-selection intent: which cards a widget can offer, how typed references
/// become slots, and the cleanup every timeline applies to a stored selection.
public enum CardSelection {
    /// One choice the configuration offers.
    public struct Option: Equatable, Sendable, Codable {
        public var id: UUID
        public var title: String
        /// The barcode format's CLI name, or nil for a card without a barcode.
        public var format: String?
        public var favorite: Bool
    }

    /// The selectable cards now: every card the wallet holds, favorites first, archived excluded.
    public static func options(reader: CardReading) throws(WidgetError) -> [Option] {
        try readCards(reader).map {
            Option(id: $0.id, title: $0.store, format: $0.format?.rawValue, favorite: $0.favorite)
        }
    }

    /// Turns `--cards` references (see `CardReference`, or `none`) into slots.
    ///
    /// Duplicates are dropped (the first stays); more slots than `family` holds is an error.
    public static func resolve(
        _ references: [String], for family: WidgetFamily, reader: CardReading
    ) throws(WidgetError) -> [CardSlot] {
        let all = try readCards(reader, includeArchived: true)
        var slots: [CardSlot] = []
        var seen = Set<UUID>()
        for raw in references {
            let reference = raw.trimmingCharacters(in: .whitespaces)
            if reference.lowercased() == CardSlot.emptyWord {
                slots.append(.empty)
                continue
            }
            let card = try match(reference, in: all)
            guard !card.archived else { throw .archivedCard(reference) }
            if seen.insert(card.id).inserted { slots.append(.card(card.id)) }
        }
        guard slots.count <= family.maxCards else { throw .tooManyCards(family, count: slots.count) }
        return slots
    }

    /// The cleanup every timeline applies: drop duplicate cards, skip cards that no longer exist
    /// (or are archived), trim to the family's maximum, and drop trailing empty slots.
    /// An empty result means the widget shows its empty state.
    public static func clean(
        _ slots: [CardSlot], for family: WidgetFamily, available: [UUID: Card]
    ) -> [DisplaySlot] {
        var seen = Set<UUID>()
        var result: [DisplaySlot] = []
        for slot in slots {
            switch slot {
            case .empty:
                result.append(.empty)
            case .card(let id):
                guard let card = available[id], !card.archived, seen.insert(id).inserted else { continue }
                result.append(.card(card))
            }
        }
        result = Array(result.prefix(family.maxCards))
        while let last = result.last, case .empty = last { result.removeLast() }
        return result
    }

    /// Finds the one card `reference` names, by WalletCore's ``CardReference`` rule (the same
    /// one `card show` follows).
    static func match(_ reference: String, in cards: [Card]) throws(WidgetError) -> Card {
        switch CardReference(reference).resolve(in: cards) {
        case .card(let card): return card
        case .ambiguous(let matches): throw .ambiguousCard(reference, matches: matches.count)
        case .notFound: throw .unknownCard(reference)
        }
    }

    static func readCards(_ reader: CardReading, includeArchived: Bool = false) throws(WidgetError) -> [Card] {
        do {
            return try reader.cards(includeArchived: includeArchived)
        } catch {
            throw .cards(UnderlyingError(error))
        }
    }
}
