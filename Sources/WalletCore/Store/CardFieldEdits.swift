import Foundation
internal import GRDB

/// When each of a card's editable fields was last edited on this device (`cardFieldEdit`), for
/// the sync's field-by-field merge: the later edit of a field changed on two devices wins, so
/// the time must be the edit's, not the time of the sync that first sees it. Written in the
/// transaction of every local change (add, import, edit, favorite, archive, pass update,
/// revert, restore) with the wallet's clock; a new card has one row for every field (`field`
/// empty). Cards edited before this record existed have no rows: the sync dates their changes
/// by itself. Rows go with their card (`ON DELETE CASCADE`).
enum CardFieldEdits {
    static let schema = """
        CREATE TABLE cardFieldEdit (
            cardId TEXT NOT NULL REFERENCES card(id) ON DELETE CASCADE,
            field TEXT NOT NULL,                 -- card JSON key; '' = every field (the card was added)
            editedAt REAL NOT NULL,              -- seconds since 1970, the wallet clock
            PRIMARY KEY (cardId, field)
        ) WITHOUT ROWID;
        """

    /// A card added at `time`: every field edited then.
    static func recordAdded(_ id: UUID, at time: Date, _ db: Database) throws {
        try record(id, fields: [""], at: time, db)
    }

    /// The fields whose values differ between `old` and `new`, edited at `time`.
    static func recordChanges(_ id: UUID, from old: CardFields, to new: CardFields, at time: Date, _ db: Database) throws {
        guard old != new else { return }
        let before = Dictionary(
            CardJSONWriter.fieldValues(old).map { ($0.key, $0.json) }, uniquingKeysWith: { first, _ in first })
        let changed = CardJSONWriter.fieldValues(new).filter { before[$0.key] != $0.json }.map(\.key)
        try record(id, fields: changed, at: time, db)
    }

    /// The images of `roles` edited at `time` (the sync's keys `image.<role>`).
    static func recordArt(_ id: UUID, roles: Set<CardImageRole>, at time: Date, _ db: Database) throws {
        try record(id, fields: roles.map { "image.\($0.rawValue)" }, at: time, db)
    }

    /// Card `id`'s edit times by card JSON key; `""` is when the card was added (the time of
    /// every field without a row of its own).
    static func times(of id: UUID, _ db: Database) throws -> [String: Date] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT field, editedAt FROM cardFieldEdit WHERE cardId = ?"),
            arguments: [CardQueries.key(id)])
        var times: [String: Date] = [:]
        for row in rows { times[row["field"]] = Date(timeIntervalSince1970: row["editedAt"]) }
        return times
    }

    private static func record(_ id: UUID, fields: [String], at time: Date, _ db: Database) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO cardFieldEdit (cardId, field, editedAt) VALUES (?, ?, ?)
                ON CONFLICT (cardId, field) DO UPDATE SET editedAt = excluded.editedAt
                """)
        for field in fields {
            try statement.execute(arguments: [CardQueries.key(id), field, time.timeIntervalSince1970])
        }
    }
}

extension CardRepository {
    /// When each field of card `id` was last edited on this device, by card JSON key (`""`:
    /// when the card was added, for fields without a time of their own); empty when unknown.
    public func fieldEditTimes(of id: UUID) throws -> [String: Date] {
        try read { try CardFieldEdits.times(of: id, $0) }
    }
}
