import Barcodes
import Foundation
internal import GRDB

/// The `card` table as the wallet reads and writes it, in one place: the list of editable
/// fields builds the INSERT, UPDATE and SELECT statements and reads a row back, by column name
/// (resolved once per statement, ``Positions``).
/// Adding a field touches ``CardFields`` (the property), ``editable`` (its column) and
/// `WalletSchema` (a migration adding the column).
enum CardColumns {
    /// One editable field: its column, the value a card stores there and how a row's value
    /// goes back into the fields.
    /// (Closures rather than key paths: a key path write per column made `card list` on
    /// 10,000 cards a quarter slower.)
    struct Field: Sendable {
        let column: String
        let value: @Sendable (CardFields) -> (any DatabaseValueConvertible)?
        let read: @Sendable (inout CardFields, Row, Int) -> Void

        init(
            _ column: String, value: @escaping @Sendable (CardFields) -> (any DatabaseValueConvertible)?,
            read: @escaping @Sendable (inout CardFields, Row, Int) -> Void
        ) {
            self.column = column
            self.value = value
            self.read = read
        }
    }

    /// Every field a person can edit (not the id, creation date, usage or groups, which live in
    /// their own tables), in column order.
    static let editable: [Field] = [
        Field("store", value: { $0.store }, read: { $0.store = $1[$2] }),
        Field("code", value: { $0.code }, read: { $0.code = $1[$2] }),
        Field("barcodeValue", value: { $0.barcodeValue }, read: { $0.barcodeValue = $1[$2] }),
        Field("format", value: { $0.format?.rawValue }, read: { $0.format = Symbology(stored: $1[$2]) }),
        Field(
            "barcodeEncoding", value: { $0.barcodeEncoding?.rawValue },
            read: { $0.barcodeEncoding = BarcodeTextEncoding(stored: $1[$2]) }),
        Field("gs1", value: { $0.gs1 }, read: { $0.gs1 = $1[$2] }),
        Field("color", value: { $0.color }, read: { $0.color = $1[$2] }),
        Field("note", value: { $0.note }, read: { $0.note = $1[$2] }),
        Field("favorite", value: { $0.favorite }, read: { $0.favorite = $1[$2] }),
        Field("archived", value: { $0.archived }, read: { $0.archived = $1[$2] }),
        Field("expiry", value: { $0.expiry }, read: { $0.expiry = $1[$2] }),
        Field("balance", value: { $0.balance }, read: { $0.balance = $1[$2] }),
        Field("currency", value: { $0.currency }, read: { $0.currency = $1[$2] }),
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
    static let selectList = (["id"] + editable.map(\.column) + ["createdAt"] + CardArtColumns.summary)
        .map { "c.\($0)" }.joined(separator: ", ")

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
        let id, createdAt, lastUsed, uses: Int
        /// The column of each of ``editable``, in that order.
        let editable: [Int]
        /// The columns of the card's ``CardArtSummary``.
        let art: CardArtColumns.Positions

        /// The positions in `statement`, which selects ``selectList`` plus `lastUsed` and `uses`.
        init(_ statement: Statement) throws {
            func at(_ name: String) throws -> Int {
                guard let index = statement.index(ofColumn: name) else {
                    throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the card query has no column \(name)")
                }
                return index
            }
            (id, createdAt, lastUsed, uses) = (try at("id"), try at("createdAt"), try at("lastUsed"), try at("uses"))
            editable = try CardColumns.editable.map { try at($0.column) }
            art = try CardArtColumns.Positions(at)
        }
    }

    /// The card in `row`, its columns found through `positions`.
    static func card(_ row: Row, at positions: Positions, groups: [String: [String]], passes: [String: LivePass]) throws -> Card {
        let idText: String = row[positions.id]
        guard let id = UUID(text: idText) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "card id '\(idText)' is not a UUID")
        }
        var fields = CardFields(store: "", code: "", color: "", groups: groups[idText] ?? [])
        for field in editable.indices {  // indices, not zip: zip's generic iterator (bench/results.md, `CardColumns`)
            editable[field].read(&fields, row, positions.editable[field])
        }
        let lastUsed: Double? = row[positions.lastUsed]
        return Card(
            id: id, fields: fields, createdAt: Date(timeIntervalSince1970: row[positions.createdAt]),
            lastUsed: lastUsed.map(Date.init(timeIntervalSince1970:)), usageCount: row[positions.uses] ?? 0,
            art: CardArtColumns.summary(row, at: positions.art),
            pass: passes.isEmpty ? nil : passes[idText])
    }

    private static func values(_ card: Card) -> StatementArguments {
        StatementArguments(editable.map { $0.value(card.fields) })
    }

    private static func folded(_ card: Card) -> StatementArguments {
        [TextFolding.fold(card.store), TextFolding.fold(card.store) + "\n" + TextFolding.fold(card.note)]
    }
}

extension Symbology {
    /// The format stored as its raw value in the `format` column; nil for NULL (no barcode).
    fileprivate init?(stored name: String?) {
        guard let name else { return nil }
        self.init(rawValue: name)
    }
}

extension BarcodeTextEncoding {
    /// The encoding stored as its raw value in the `barcodeEncoding` column; nil for NULL (UTF-8).
    fileprivate init?(stored name: String?) {
        guard let name else { return nil }
        self.init(rawValue: name)
    }
}
