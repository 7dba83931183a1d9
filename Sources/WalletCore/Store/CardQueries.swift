import Barcodes
import Foundation
internal import GRDB

/// The SQL both sides read with: the repository (read-write) and the reader (read-only)
/// share it so they can never disagree on what a card is or how cards are ordered.
enum CardQueries {
    /// Cards with their usage and groups. `search` must already be folded (``TextFolding``).
    static func cards(
        _ db: Database, search: String? = nil, sort: CardSort = .name, includeArchived: Bool,
        ids: [String]? = nil
    ) throws -> [Card] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if !includeArchived { conditions.append("c.archived = 0") }
        if let search, !search.isEmpty {
            conditions.append("instr(c.searchText, ?) > 0")
            arguments += [search]
        }
        if let ids {
            conditions.append("c.id IN (\(databaseQuestionMarks(count: ids.count)))")
            arguments += StatementArguments(ids)
        }
        let sql = """
            SELECT \(CardColumns.selectList), u.lastUsed, u.uses
            FROM card c
            LEFT JOIN (SELECT cardId, MAX(date) AS lastUsed, COUNT(*) AS uses FROM usageEvent GROUP BY cardId) u
                ON u.cardId = c.id
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY c.favorite DESC, \(orderTerms(sort)), c.createdAt, c.id
            """
        let groups = try groupsByCard(db, ids: ids)
        let passes = try PassRows.passes(db, ids: ids)
        var cards: [Card] = []
        let statement = try db.makeStatement(sql: sql)
        let positions = try CardColumns.Positions(statement)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            cards.append(try CardColumns.card(row, at: positions, groups: groups, passes: passes))
        }
        return cards
    }

    /// One card by id, or nil.
    static func card(_ db: Database, id: UUID) throws -> Card? {
        try cards(db, includeArchived: true, ids: [key(id)]).first
    }

    /// Every usage event, oldest first.
    static func usageEvents(_ db: Database) throws -> [UsageEvent] {
        var events: [UsageEvent] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT cardId, date FROM usageEvent ORDER BY date, id")
        while let row = try rows.next() {
            guard let id = UUID(text: row["cardId"]) else { continue }
            events.append(UsageEvent(cardID: id, date: Date(timeIntervalSince1970: row["date"])))
        }
        return events
    }

    static func dataGeneration(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT dataGeneration FROM walletState WHERE id = 1") ?? 0
    }

    /// Group names in creation order.
    static func groups(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM cardGroup ORDER BY id")
    }

    /// The stored form of an id: lower case.
    static func key(_ id: UUID) -> String { id.lowercasedText }

    private static func orderTerms(_ sort: CardSort) -> String {
        switch sort {
        case .name: "c.sortKey"
        case .recent: "u.lastUsed IS NULL, u.lastUsed DESC, c.sortKey"
        case .expiry: "c.expiry IS NULL, c.expiry, c.sortKey"
        case .added: "c.createdAt DESC, c.sortKey"
        }
    }

    private static func groupsByCard(_ db: Database, ids: [String]?) throws -> [String: [String]] {
        var sql = "SELECT m.cardId, g.name FROM cardGroupMember m JOIN cardGroup g ON g.id = m.groupId"
        var arguments: StatementArguments = []
        if let ids {
            sql += " WHERE m.cardId IN (\(databaseQuestionMarks(count: ids.count)))"
            arguments = StatementArguments(ids)
        }
        sql += " ORDER BY g.id"
        var groups: [String: [String]] = [:]
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            groups[row["cardId"], default: []].append(row["name"])
        }
        return groups
    }
}
