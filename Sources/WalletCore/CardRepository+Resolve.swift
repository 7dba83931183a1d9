import Foundation
internal import GRDB

extension CardRepository {
    /// The card a person means by `reference`, tried in this order: a full id; an exact store
    /// name; a unique id prefix; a store name ignoring case and accents. Archived cards count.
    /// Throws ``WalletStoreError/cardNotFound(_:)`` or ``WalletStoreError/ambiguousReference(_:candidates:)``.
    public func resolve(_ reference: String) throws -> Card {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw WalletStoreError.cardNotFound(reference) }
        if let id = UUID(uuidString: text) {
            guard let card = try card(id: id) else { throw WalletStoreError.cardNotFound(reference) }
            return card
        }
        let id: String? = try read { db in
            let lookups: [(String, String?)] = [
                ("SELECT id, store FROM card WHERE store = ?", text),
                ("SELECT id, store FROM card WHERE id LIKE ?", Self.idPrefixPattern(text)),
                ("SELECT id, store FROM card WHERE sortKey = ?", TextFolding.fold(text)),
            ]
            for (sql, argument) in lookups {
                guard let argument else { continue }
                let matches = try Row.fetchAll(db, sql: sql + " ORDER BY createdAt, id", arguments: [argument])
                if matches.count == 1 { return matches[0][0] as String }
                if matches.count > 1 {
                    let candidates = matches.map { row -> String in
                        let id: String = row[0]
                        let store: String = row[1]
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

    /// A LIKE pattern for ids starting with `text`, or nil when `text` cannot start an id.
    private static func idPrefixPattern(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.unicodeScalars.allSatisfy({ $0 == "-" || $0.properties.isASCIIHexDigit }) else { return nil }
        return lower + "%"
    }
}
