import Barcodes
import Foundation
internal import GRDB

/// The `card` table as the wallet reads and writes it, in one place: the list of editable
/// fields builds the INSERT, UPDATE and SELECT statements, and rows are read by column name
/// (resolved once per statement, ``Positions``).
/// Adding a field touches `Card` (the property), this file (its column) and `WalletSchema`
/// (a migration adding the column), plus its JSON key in CardCoding.swift.
enum CardColumns {
    /// One editable field: its column and how a card provides the value to store.
    struct Field: Sendable {
        let column: String
        let value: @Sendable (Card) -> (any DatabaseValueConvertible)?
    }

    /// Every field a person can edit (not the id, creation date or usage), in column order.
    static let editable: [Field] = [
        Field(column: "store") { $0.store },
        Field(column: "code") { $0.code },
        Field(column: "barcodeValue") { $0.barcodeValue },
        Field(column: "format") { $0.format?.rawValue },
        Field(column: "color") { $0.color },
        Field(column: "note") { $0.note },
        Field(column: "favorite") { $0.favorite },
        Field(column: "archived") { $0.archived },
        Field(column: "expiry") { $0.expiry },
        Field(column: "balance") { $0.balance },
        Field(column: "currency") { $0.currency },
    ]

    /// Columns derived from the editable ones: the folded store (sorting) and store + note (search).
    private static let derived = ["sortKey", "searchText"]

    /// INSERT of a whole card: id, the editable fields, creation date, derived columns.
    static let insertSQL: String = {
        let columns = ["id"] + editable.map(\.column) + ["createdAt"] + derived
        return "INSERT INTO card (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))"
    }()

    /// UPDATE of every editable and derived column of the card with the id given last.
    static let updateSQL: String = {
        let assignments = (editable.map(\.column) + derived).map { "\($0) = ?" }
        return "UPDATE card SET \(assignments.joined(separator: ", ")) WHERE id = ?"
    }()

    /// The SELECT list of a card row (table alias `c`); usage columns come from elsewhere.
    static let selectList = (["id"] + editable.map(\.column) + ["createdAt"]).map { "c.\($0)" }.joined(separator: ", ")

    /// Arguments of ``insertSQL``.
    static func insertArguments(_ card: Card) -> StatementArguments {
        [CardQueries.key(card.id)] + values(card) + [card.createdAt.timeIntervalSince1970] + folded(card)
    }

    /// Arguments of ``updateSQL``.
    static func updateArguments(_ card: Card) -> StatementArguments {
        values(card) + folded(card) + [CardQueries.key(card.id)]
    }

    /// Where each column of a card row is, looked up by name once per statement (GRDB's name
    /// lookup lower-cases the name on every access: too slow for 10,000 rows x 16 columns).
    struct Positions {
        let id, store, code, barcodeValue, format, color, note, favorite, archived: Int
        let expiry, balance, currency, createdAt, lastUsed, uses: Int

        /// The positions in `statement`, which selects ``selectList`` plus `lastUsed` and `uses`.
        init(_ statement: Statement) throws {
            func at(_ name: String) throws -> Int {
                guard let index = statement.index(ofColumn: name) else {
                    throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the card query has no column \(name)")
                }
                return index
            }
            (id, store, code, barcodeValue) = (try at("id"), try at("store"), try at("code"), try at("barcodeValue"))
            (format, color, note, favorite) = (try at("format"), try at("color"), try at("note"), try at("favorite"))
            (archived, expiry, balance, currency) = (try at("archived"), try at("expiry"), try at("balance"), try at("currency"))
            (createdAt, lastUsed, uses) = (try at("createdAt"), try at("lastUsed"), try at("uses"))
        }
    }

    /// The card in `row`, its columns found through `positions`.
    static func card(_ row: Row, at positions: Positions, groups: [String: [String]]) throws -> Card {
        let idText: String = row[positions.id]
        guard let id = UUID(text: idText) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "card id '\(idText)' is not a UUID")
        }
        let formatName: String? = row[positions.format]
        let lastUsed: Double? = row[positions.lastUsed]
        return Card(
            id: id, store: row[positions.store], code: row[positions.code], barcodeValue: row[positions.barcodeValue],
            format: formatName.flatMap(Symbology.init(rawValue:)),
            color: row[positions.color], note: row[positions.note], favorite: row[positions.favorite],
            archived: row[positions.archived], expiry: row[positions.expiry], balance: row[positions.balance],
            currency: row[positions.currency], groups: groups[idText] ?? [],
            createdAt: Date(timeIntervalSince1970: row[positions.createdAt]),
            lastUsed: lastUsed.map(Date.init(timeIntervalSince1970:)),
            usageCount: row[positions.uses] ?? 0)
    }

    private static func values(_ card: Card) -> StatementArguments {
        StatementArguments(editable.map { $0.value(card) })
    }

    private static func folded(_ card: Card) -> StatementArguments {
        [TextFolding.fold(card.store), TextFolding.fold(card.store) + "\n" + TextFolding.fold(card.note)]
    }
}
