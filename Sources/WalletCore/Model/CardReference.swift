import Foundation

/// How a person names a card on the command line: `card show/edit/remove CARD` on the app side
/// and `widget add/configure --cards` on the widget side follow this one rule.
///
/// The lookups run in order and the first that matches anything decides:
/// 1. a full id (when the text parses as a UUID, nothing else is tried);
/// 2. the exact store name;
/// 3. a unique id prefix (only for text made of hex digits and dashes);
/// 4. the store name ignoring case and accents ("kase laden" finds "Käse Laden").
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

        /// Whether `card` satisfies this step.
        public func matches(_ card: Card) -> Bool {
            switch self {
            case .id(let id): card.id == id
            case .store(let name): card.store == name
            case .idPrefix(let prefix): card.id.lowercasedText.hasPrefix(prefix)
            case .foldedStore(let folded): TextFolding.fold(card.store) == folded
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

    public init(_ text: String) {
        self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The steps to try, in order; empty for empty text.
    public var lookups: [Lookup] {
        guard !text.isEmpty else { return [] }
        if let id = UUID(uuidString: text) { return [.id(id)] }
        var steps: [Lookup] = [.store(text)]
        let lower = text.lowercased()
        if lower.unicodeScalars.allSatisfy({ $0 == "-" || $0.properties.isASCIIHexDigit }) {
            steps.append(.idPrefix(lower))
        }
        steps.append(.foldedStore(TextFolding.fold(text)))
        return steps
    }

    /// Applies the rule to cards already in memory (the widget side reads them through a
    /// ``CardReading``); ``CardRepository/resolve(_:)`` runs the same steps as SQL.
    public func resolve(in cards: [Card]) -> Resolution {
        for step in lookups {
            let found = cards.filter(step.matches)
            if found.count == 1 { return .card(found[0]) }
            if found.count > 1 { return .ambiguous(found) }
        }
        return .notFound
    }
}
