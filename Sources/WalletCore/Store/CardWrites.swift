import Foundation
internal import GRDB

/// The writes of the app side, each meant to run inside the caller's transaction. Statements
/// run once per card are cached (prepared once per connection): re-preparing them took more
/// than a third of a 10,000-card import.
enum CardWrites {
    static func insert(_ card: Card, _ db: Database) throws {
        try db.cachedStatement(sql: CardColumns.insertSQL).execute(arguments: CardColumns.insertArguments(card))
        try setGroups(of: card, db)
        if let pass = card.pass {
            try PassRows.save(pass, issuer: card.fields, cardID: card.id, db)
            try CardVersions.record(card, source: .import, time: card.createdAt, changes: [], db)
        }
    }

    /// Rewrites every editable field (not the id, creation date or usage).
    static func update(_ card: Card, _ db: Database) throws {
        try db.execute(sql: CardColumns.updateSQL, arguments: CardColumns.updateArguments(card))
        try db.execute(sql: "DELETE FROM cardGroupMember WHERE cardId = ?", arguments: [CardQueries.key(card.id)])
        try setGroups(of: card, db)
    }

    /// Deletes a card with its usage log and group memberships; false when there was none.
    static func delete(_ id: UUID, _ db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM card WHERE id = ?", arguments: [CardQueries.key(id)])
        return db.changesCount > 0
    }

    static func recordUse(of id: UUID, at date: Date, _ db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO usageEvent (cardId, date) VALUES (?, ?)"
        ).execute(
            arguments: [CardQueries.key(id), date.timeIntervalSince1970])
        try PassRows.markMessageRead(id, db)
    }

    /// The group's id, creating the group when it does not exist yet.
    @discardableResult
    static func ensureGroup(_ name: String, _ db: Database) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO cardGroup (name) VALUES (?)").execute(arguments: [name])
        return try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM cardGroup WHERE name = ?"), arguments: [name])!
    }

    /// The widget reload signal: called in the same transaction as the change it announces.
    static func bumpDataGeneration(_ db: Database) throws {
        try db.execute(sql: "UPDATE walletState SET dataGeneration = dataGeneration + 1 WHERE id = 1")
    }

    private static func setGroups(of card: Card, _ db: Database) throws {
        for name in card.groups {
            let group = try ensureGroup(name, db)
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO cardGroupMember (cardId, groupId) VALUES (?, ?)")
                .execute(arguments: [CardQueries.key(card.id), group])
        }
    }
}

extension CardWrites {
    /// Sets one card's favorite flag; false when there is no such card.
    static func setFavorite(_ id: UUID, _ favorite: Bool, _ db: Database) throws -> Bool {
        try db.execute(sql: "UPDATE card SET favorite = ? WHERE id = ?", arguments: [favorite, CardQueries.key(id)])
        return db.changesCount > 0
    }
}
