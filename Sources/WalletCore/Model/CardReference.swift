import Foundation

/// How a person names a card on the command line: `card show/edit/remove CARD` on the app side
/// and `widget add/configure --cards` on the widget side follow this one rule.
///
/// The lookups run in order and the first that matches anything decides:
/// 1. a full id (when the text parses as a UUID, nothing else is tried);
/// 2. the exact store name;
/// 3. a unique id prefix (only for text made of hex digits and dashes);
/// 4. the store name ignoring case and accents ("kase laden" finds "Käse Laden");
/// 5. the start of the store name or of one of its words, ignoring case and accents ("boots"
///    and "advantage" find "Boots Advantage"): a loose match, which the command names.
///
/// A store name comes before an id prefix, so a card called "Cafe" or "A1" is found by its name
/// even when another card's id happens to start with those letters.
/// Archived cards count; callers decide whether an archived card is acceptable.
public struct CardReference: Sendable, Equatable {
    /// One step of the rule.
    public enum Lookup: Sendable, Equatable {
        case id(UUID)
        case store(String)
        /// Lowercased hex digits and dashes an id starts with.
        case idPrefix(String)
        /// ``TextFolding/fold(_:)`` of the reference, compared with the folded store name.
        case foldedStore(String)
        /// The folded reference, which the folded store name or one of its words starts with.
        case storeStart(String)

        /// Whether `card` satisfies this step.
        public func matches(_ card: Card) -> Bool { matches(id: card.id, store: card.store) }

        /// Whether the card with this id and store name satisfies this step.
        public func matches(id cardID: UUID, store: String) -> Bool {
            switch self {
            case .id(let id): cardID == id
            case .store(let name): store == name
            case .idPrefix(let prefix): cardID.lowercasedText.hasPrefix(prefix)
            case .foldedStore(let folded): TextFolding.fold(store) == folded
            case .storeStart(let folded):
                TextFolding.fold(store).split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).contains {
                    $0.hasPrefix(folded)
                } || TextFolding.fold(store).hasPrefix(folded)
            }
        }
    }

    /// What a reference comes to among a wallet's cards.
    public enum Resolution: Sendable, Equatable {
        case card(Card)
        /// The first step that matched found several cards (in the order given).
        case ambiguous([Card])
        case notFound
    }

    /// The reference as typed, surrounding white space removed.
    public let text: String
    /// True for a reference by id alone (`--id`): a full id or an id's first characters, never a
    /// store name.
    public let byIDOnly: Bool

    public init(_ text: String) {
        self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        byIDOnly = false
    }

    /// A reference by id alone (`--id ID`): the full id or its first characters (the short id
    /// `card list` shows), never a store name, so it picks one of several cards that share a
    /// name. Nil when `text` cannot start an id (only hex digits and dashes can).
    public init?(id text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, Self.couldStartID(trimmed) else { return nil }
        self.text = trimmed
        byIDOnly = true
    }

    /// Whether `text` is made of hex digits and dashes only, as the start of an id is.
    private static func couldStartID(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "-" || $0.properties.isASCIIHexDigit }
    }

    /// The steps to try, in order; empty for empty text.
    public var lookups: [Lookup] {
        guard !text.isEmpty else { return [] }
        if let id = UUID(uuidString: text) { return [.id(id)] }
        let lower = text.lowercased()
        if byIDOnly { return [.idPrefix(lower)] }
        var steps: [Lookup] = [.store(text)]
        if Self.couldStartID(lower) {
            steps.append(.idPrefix(lower))
        }
        steps.append(.foldedStore(TextFolding.fold(text)))
        steps.append(.storeStart(TextFolding.fold(text)))
        return steps
    }

    /// Whether `card` was found only by a loose match (step 5): the command then says which
    /// card it took.
    public func isLoose(_ card: Card) -> Bool {
        let strict = lookups.filter { if case .storeStart = $0 { false } else { true } }
        return !strict.contains { $0.matches(card) }
    }

    /// Applies the rule to cards already in memory (the widget side reads them through a
    /// ``CardReading``); ``CardRepository/resolve(_:)-(CardReference)`` runs the same steps as SQL.
    public func resolve(in cards: [Card]) -> Resolution {
        for step in lookups {
            let found = cards.filter(step.matches)
            if found.count == 1 { return .card(found[0]) }
            if found.count > 1 { return .ambiguous(found) }
        }
        return .notFound
    }
}
