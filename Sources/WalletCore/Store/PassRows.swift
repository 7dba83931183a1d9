import Foundation
internal import GRDB

/// The `pass` table (a card's ``LivePass``, one row per card that came from a pass), the
/// `cardVersion` table (a live card's history) and the wallet's PassKit device identifier.
enum PassRows {
    static let schema = """
        CREATE TABLE pass (
            cardId TEXT PRIMARY KEY NOT NULL REFERENCES card(id) ON DELETE CASCADE,
            serialNumber TEXT NOT NULL,
            passTypeIdentifier TEXT NOT NULL,
            webServiceURL TEXT,
            authenticationToken TEXT,
            relevantDate REAL,                   -- seconds since 1970
            expirationDate REAL,
            voided INTEGER NOT NULL,
            signed INTEGER NOT NULL,
            locations TEXT NOT NULL,             -- JSON [PassLocation]
            fields TEXT NOT NULL,                -- JSON [LiveField]
            issuerFields TEXT NOT NULL,          -- JSON card fields as the issuer's latest pass gave them
            updatedAt REAL,
            lastModified TEXT,
            message TEXT,
            registered INTEGER NOT NULL DEFAULT 0 -- the device is registered with the issuer
        ) WITHOUT ROWID;
        CREATE TABLE passUpdateTag (                 -- passesUpdatedSince, per web service and pass type
            webServiceURL TEXT NOT NULL,
            passTypeIdentifier TEXT NOT NULL,
            tag TEXT NOT NULL,
            PRIMARY KEY (webServiceURL, passTypeIdentifier)
        ) WITHOUT ROWID;
        CREATE TABLE cardVersion (
            cardId TEXT NOT NULL REFERENCES card(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            time REAL NOT NULL,
            source TEXT NOT NULL,                -- VersionSource raw value
            changes TEXT NOT NULL,               -- JSON [FieldChange]
            snapshot TEXT NOT NULL,              -- JSON VersionSnapshot
            PRIMARY KEY (cardId, version)
        ) WITHOUT ROWID;
        CREATE TABLE passDevice (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            deviceLibraryIdentifier TEXT NOT NULL
        );
        INSERT INTO passDevice (id, deviceLibraryIdentifier) VALUES (1, lower(hex(randomblob(16))));
        """

    private static let columns = """
        cardId, serialNumber, passTypeIdentifier, webServiceURL, authenticationToken, relevantDate, expirationDate,
        voided, signed, locations, fields, issuerFields, updatedAt, lastModified, message, authenticity
        """

    /// Migration v8: the pass's ``PassAuthenticity`` as JSON (NULL for passes stored before it,
    /// read back as unsigned or ``PassAuthenticity/unchecked`` by their `signed` flag).
    static let authenticitySchema = "ALTER TABLE pass ADD COLUMN authenticity TEXT"

    /// Inserts a pass row, or replaces every column of an existing one but `registered`.
    private static let upsertSQL: String = {
        let names = columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let assignments = names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return
            "INSERT INTO pass (\(columns)) VALUES (\(databaseQuestionMarks(count: names.count))) ON CONFLICT(cardId) DO UPDATE SET \(assignments)"
    }()

    /// Stores (or replaces) the pass of card `id`; `issuer` is the card as the pass maps it.
    static func save(_ pass: LivePass, issuer: CardFields, cardID id: UUID, _ db: Database) throws {
        try db.cachedStatement(sql: upsertSQL)
            .execute(arguments: [
                CardQueries.key(id), pass.serialNumber, pass.passTypeIdentifier, pass.webServiceURL, pass.authenticationToken,
                pass.relevantDate?.timeIntervalSince1970, pass.expirationDate?.timeIntervalSince1970, pass.voided, pass.signed,
                try json(pass.locations), try json(pass.fields), try json(Card(id: id, fields: issuer, createdAt: .distantPast)),
                pass.updatedAt?.timeIntervalSince1970, pass.lastModified, pass.message,
                try pass.authenticity.map(json),
            ])
    }

    /// Every stored pass by card id (or those of `ids`).
    static func passes(_ db: Database, ids: [String]?) throws -> [String: LivePass] {
        var sql = "SELECT \(columns) FROM pass"
        var arguments: StatementArguments = []
        if let ids {
            sql += " WHERE cardId IN (\(databaseQuestionMarks(count: ids.count)))"
            arguments = StatementArguments(ids)
        }
        var passes: [String: LivePass] = [:]
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            passes[row["cardId"]] = try pass(row)
        }
        return passes
    }

    /// The card fields the issuer's latest pass gave card `id` (the base of the next merge).
    static func issuerFields(_ db: Database, id: UUID) throws -> CardFields? {
        guard
            let text = try String.fetchOne(
                db, sql: "SELECT issuerFields FROM pass WHERE cardId = ?", arguments: [CardQueries.key(id)])
        else { return nil }
        return try JSONDecoder().decode(Card.self, from: Data(text.utf8)).fields
    }

    /// Marks the card's issuer message as seen (the card was opened).
    static func markMessageRead(_ id: UUID, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE pass SET message = NULL WHERE cardId = ? AND message IS NOT NULL")
            .execute(arguments: [CardQueries.key(id)])
    }

    /// The wallet's one PassKit device library identifier.
    static func deviceLibraryIdentifier(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT deviceLibraryIdentifier FROM passDevice WHERE id = 1") ?? ""
    }

    private static func pass(_ row: Row) throws -> LivePass {
        let relevant: Double? = row["relevantDate"]
        let expiration: Double? = row["expirationDate"]
        let updated: Double? = row["updatedAt"]
        let authenticity: String? = row["authenticity"]
        let signed: Bool = row["signed"]
        return LivePass(
            serialNumber: row["serialNumber"], passTypeIdentifier: row["passTypeIdentifier"],
            webServiceURL: row["webServiceURL"], authenticationToken: row["authenticationToken"],
            relevantDate: relevant.map(Date.init(timeIntervalSince1970:)),
            expirationDate: expiration.map(Date.init(timeIntervalSince1970:)), voided: row["voided"],
            locations: try decode(row["locations"]), fields: try decode(row["fields"]), signed: signed,
            authenticity: try authenticity.map(decode) ?? (signed ? .unchecked : .unsigned("the pass has no signature")),
            updatedAt: updated.map(Date.init(timeIntervalSince1970:)), lastModified: row["lastModified"], message: row["message"])
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
