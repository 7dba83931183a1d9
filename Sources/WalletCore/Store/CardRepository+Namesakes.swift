import Foundation
internal import GRDB

/// Cards that share a store name (case and accents ignored): a name that then resolves to
/// several cards, which `card add` and `card import` warn of.
public struct Namesakes: Sendable, Equatable {
    /// The name as the oldest of the cards spells it.
    public var store: String
    /// The cards' ids, oldest first.
    public var ids: [UUID]
}

extension CardRepository {
    /// Every store name (folded, ``TextFolding``) that several cards share, in name order;
    /// one query, whatever the wallet's size.
    public func namesakes() throws -> [Namesakes] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT sortKey, id, store FROM card
                    WHERE sortKey IN (SELECT sortKey FROM card GROUP BY sortKey HAVING count(*) > 1)
                    ORDER BY sortKey, createdAt, id
                    """)
            var groups: [(key: String, namesakes: Namesakes)] = []
            for row in rows {
                let key: String = row["sortKey"]
                guard let id = UUID(uuidString: row["id"]) else { continue }
                if groups.last?.key == key {
                    groups[groups.count - 1].namesakes.ids.append(id)
                } else {
                    groups.append((key, Namesakes(store: row["store"], ids: [id])))
                }
            }
            return groups.map(\.namesakes)
        }
    }
}
