import Foundation
internal import GRDB

extension CardRepository {
    /// The card a person means by `reference`, by the rule of ``CardReference``, run as SQL so a
    /// large wallet is not loaded for one lookup. Archived cards count.
    /// Throws ``WalletStoreError/cardNotFound(_:)`` or ``WalletStoreError/ambiguousReference(_:candidates:)``.
    public func resolve(_ reference: String) throws -> Card {
        let steps = CardReference(reference).lookups
        let id: String? = try read { db in
            for step in steps {
                let (condition, argument) = Self.sqlCondition(for: step)
                let matches = try Row.fetchAll(
                    db, sql: "SELECT id, store FROM card WHERE \(condition) ORDER BY createdAt, id",
                    arguments: [argument])
                if matches.count == 1 { return matches[0]["id"] as String }
                if matches.count > 1 {
                    let candidates = matches.map { row -> String in
                        let id: String = row["id"]
                        let store: String = row["store"]
                        return "\(id.prefix(8)) \(store)"
                    }
                    throw WalletStoreError.ambiguousReference(reference, candidates: candidates)
                }
            }
            return nil
        }
        guard let id, let uuid = UUID(uuidString: id), let card = try card(id: uuid) else {
            throw WalletStoreError.cardNotFound(reference)
        }
        return card
    }

    /// The WHERE condition and its one argument that select the cards `step` matches.
    private static func sqlCondition(for step: CardReference.Lookup) -> (String, String) {
        switch step {
        case .id(let id): ("id = ?", id.lowercasedText)
        case .store(let name): ("store = ?", name)
        case .idPrefix(let prefix): ("id LIKE ?", prefix + "%")
        case .foldedStore(let folded): ("sortKey = ?", folded)
        }
    }
}
