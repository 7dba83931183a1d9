import Foundation
internal import GRDB

/// Reads and writes of card images (`cardImage`) and the art columns of the card row, each
/// meant to run inside the caller's transaction (the caller bumps the data generation).
enum CardArtStore {
    /// Replaces the card's whole art: its images and the art columns of its row.
    static func replace(_ art: CardArtwork, of id: UUID, _ db: Database) throws {
        let key = CardQueries.key(id)
        try db.cachedStatement(sql: "DELETE FROM cardImage WHERE cardId = ?").execute(arguments: [key])
        for role in art.images.keys.sorted() {
            let image = art.images[role]!
            try db.cachedStatement(sql: "INSERT INTO cardImage (cardId, role, width, height, png) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [key, role.rawValue, image.width, image.height, image.png])
        }
        let assignments = CardArtColumns.summary.map { "\($0) = ?" }.joined(separator: ", ")
        try db.cachedStatement(sql: "UPDATE card SET \(assignments) WHERE id = ?")
            .execute(arguments: CardArtColumns.values(art.summary) + [key])
    }

    /// The images of `role` of the cards in `ids` that have one (the bytes are read only here).
    static func images(_ role: CardImageRole, of ids: [UUID], _ db: Database) throws -> [UUID: CardImage] {
        var images: [UUID: CardImage] = [:]
        // In chunks: SQLite limits a statement's parameters (32,766 since 3.32, 999 before).
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
            let sql =
                "SELECT cardId, width, height, png FROM cardImage WHERE role = ? AND cardId IN (\(databaseQuestionMarks(count: chunk.count)))"
            let rows = try Row.fetchCursor(
                db, sql: sql, arguments: [role.rawValue] + StatementArguments(chunk.map(CardQueries.key)))
            while let row = try rows.next() {
                guard let id = UUID(text: row["cardId"]) else { continue }
                images[id] = CardImage(png: row["png"], width: row["width"], height: row["height"])
            }
        }
        return images
    }

    /// The whole art of one card (every image's bytes), or ``CardArtwork/none``.
    static func art(of card: Card, _ db: Database) throws -> CardArtwork {
        var art = CardArtwork(foregroundColor: card.art.foregroundColor, labelColor: card.art.labelColor)
        let rows = try Row.fetchCursor(
            db, sql: "SELECT role, width, height, png FROM cardImage WHERE cardId = ?", arguments: [CardQueries.key(card.id)])
        while let row = try rows.next() {
            guard let role = CardImageRole(rawValue: row["role"]) else { continue }
            art.images[role] = CardImage(png: row["png"], width: row["width"], height: row["height"])
        }
        return art
    }
}
