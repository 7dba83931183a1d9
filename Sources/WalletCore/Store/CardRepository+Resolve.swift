import Foundation
internal import GRDB

extension CardRepository {
    /// The card a person means by `reference`, by the rule of ``CardReference``, run as SQL so a
    /// large wallet is not loaded for one lookup. Archived cards count.
    /// Throws ``WalletStoreError/cardNotFound(_:archivedExist:)`` or ``WalletStoreError/ambiguousReference(_:candidates:)``.
    public func resolve(_ reference: String) throws -> Card {
        try resolve(CardReference(reference))
    }

    /// ``resolve(_:)-(String)`` for a reference already made (``CardReference/init(id:)``: by id alone).
    public func resolve(_ reference: CardReference) throws -> Card {
        try CardResolution.card(reference, read: read, card: card(id:))
    }
}

extension CardReader {
    /// ``CardRepository/resolve(_:)-(CardReference)`` on the read-only database: nothing is created or written.
    public func resolve(_ reference: String) throws -> Card {
        try resolve(CardReference(reference))
    }

    /// ``CardRepository/resolve(_:)-(CardReference)`` on the read-only database.
    public func resolve(_ reference: CardReference) throws -> Card {
        try CardResolution.card(reference, read: { body in try read(nil, body) }, card: card(id:))
    }
}

/// The SQL of ``CardRepository/resolve(_:)-(CardReference)``, shared by the read-write repository and the
/// read-only ``CardReader``.
enum CardResolution {
    /// Runs the lookup through `read` and loads the card it finds with `card`.
    static func card(
        _ reference: CardReference, read: ((Database) throws -> String?) throws -> String?, card: (UUID) throws -> Card?
    ) throws -> Card {
        guard let id = try read({ db in try Self.id(of: reference, db) }), let uuid = UUID(uuidString: id),
            let found = try card(uuid)
        else {
            let stores = { (db: Database) in try String.fetchAll(db, sql: "SELECT store FROM card ORDER BY createdAt, id") }
            // `card list` hides archived cards: the message points at `--archived` only when some are.
            let anyArchived =
                try read({ db in try String.fetchOne(db, sql: "SELECT id FROM card WHERE archived = 1 LIMIT 1") }) != nil
            if !reference.byIDOnly, let near = try read({ db in reference.closeMatch(among: try stores(db)) }) {
                throw WalletStoreError.cardNotFoundNear(reference.text, closeMatch: near, archivedExist: anyArchived)
            }
            throw WalletStoreError.cardNotFound(reference.text, archivedExist: anyArchived)
        }
        return found
    }

    /// The id of the one card `reference` means, by the rule of ``CardReference``, or nil.
    static func id(of reference: CardReference, _ db: Database) throws -> String? {
        for step in reference.lookups {
            let (condition, argument) = sqlCondition(for: step)
            // SQL narrows the rows; the step itself decides (a LIKE cannot say "a word starts with").
            let matches = try Row.fetchAll(
                db, sql: "SELECT id, store FROM card WHERE \(condition) ORDER BY createdAt, id",
                arguments: [argument]
            ).filter { row in
                UUID(uuidString: row["id"]).map { step.matches(id: $0, store: row["store"]) } ?? false
            }
            if matches.count == 1 { return matches[0]["id"] as String }
            if matches.count > 1 {
                let candidates = matches.map { row -> String in
                    let id: String = row["id"]
                    let store: String = row["store"]
                    return "\(id.prefix(8)) \(store)"
                }
                throw WalletStoreError.ambiguousReference(reference.text, candidates: candidates)
            }
        }
        return nil
    }

    /// The WHERE condition and its one argument that select the cards `step` matches.
    private static func sqlCondition(for step: CardReference.Lookup) -> (String, String) {
        switch step {
        case .id(let id): ("id = ?", id.lowercasedText)
        case .store(let name): ("store = ?", name)
        case .idPrefix(let prefix): ("id LIKE ?", prefix + "%")
        case .foldedStore(let folded): ("sortKey = ?", folded)
        case .storeStart(let folded): ("instr(sortKey, ?) > 0", folded)
        }
    }
}
