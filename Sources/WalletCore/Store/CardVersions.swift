import Foundation
internal import GRDB

/// A live card's history in the `cardVersion` table: each version's source, time, changes, and
/// the whole card as it stood (fields and pass), so `card revert` can bring it back.
enum CardVersions {
    /// What a version keeps to be brought back.
    struct Snapshot: Codable {
        var card: Card
        var pass: LivePass?
    }

    /// Appends the next version of `card` (as it stands after the change).
    static func record(_ card: Card, source: VersionSource, time: Date, changes: [FieldChange], _ db: Database) throws {
        let id = CardQueries.key(card.id)
        let last = try Int.fetchOne(db, sql: "SELECT MAX(version) FROM cardVersion WHERE cardId = ?", arguments: [id]) ?? 0
        try db.cachedStatement(
            sql: "INSERT INTO cardVersion (cardId, version, time, source, changes, snapshot) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [
            id, last + 1, time.timeIntervalSince1970, source.rawValue, try PassRows.json(changes),
            try PassRows.json(Snapshot(card: card, pass: card.pass)),
        ])
    }

    /// Every version of card `id`, oldest first.
    static func history(_ db: Database, id: UUID) throws -> [CardVersion] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT version, time, source, changes FROM cardVersion WHERE cardId = ? ORDER BY version",
            arguments: [CardQueries.key(id)])
        return try rows.map { row in
            CardVersion(
                version: row["version"], time: Date(timeIntervalSince1970: row["time"]),
                source: VersionSource(rawValue: row["source"]) ?? .edit, changes: try PassRows.decode(row["changes"]))
        }
    }

    /// The card as version `version` left it, or nil when there is no such version.
    static func snapshot(_ db: Database, id: UUID, version: Int) throws -> Snapshot? {
        guard
            let text = try String.fetchOne(
                db, sql: "SELECT snapshot FROM cardVersion WHERE cardId = ? AND version = ?",
                arguments: [CardQueries.key(id), version])
        else { return nil }
        return try PassRows.decode(text)
    }
}
