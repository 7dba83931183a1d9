internal import GRDB

/// The database schema, created and upgraded by GRDB's `DatabaseMigrator`. Identifiers are
/// never reused or edited: a new schema version is a new migration appended here.
enum WalletSchema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: cards, groups, usage log, data generation") { db in
            try db.execute(
                sql: """
                    CREATE TABLE card (
                        id TEXT PRIMARY KEY NOT NULL,        -- lower-case UUID
                        store TEXT NOT NULL,
                        code TEXT NOT NULL,
                        barcodeValue TEXT,
                        format TEXT,                         -- Symbology raw value
                        color TEXT NOT NULL,
                        note TEXT NOT NULL,
                        favorite INTEGER NOT NULL,
                        archived INTEGER NOT NULL,
                        expiry TEXT,
                        balance TEXT,
                        currency TEXT,
                        createdAt REAL NOT NULL,             -- seconds since 1970
                        sortKey TEXT NOT NULL,               -- TextFolding.fold(store)
                        searchText TEXT NOT NULL             -- folded store and note
                    );
                    CREATE INDEX card_byName ON card(favorite DESC, sortKey, createdAt, id);
                    CREATE TABLE cardGroup (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE
                    );
                    CREATE TABLE cardGroupMember (
                        cardId TEXT NOT NULL REFERENCES card(id) ON DELETE CASCADE,
                        groupId INTEGER NOT NULL REFERENCES cardGroup(id) ON DELETE CASCADE,
                        PRIMARY KEY (cardId, groupId)
                    ) WITHOUT ROWID;
                    CREATE TABLE usageEvent (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        cardId TEXT NOT NULL REFERENCES card(id) ON DELETE CASCADE,
                        date REAL NOT NULL                   -- seconds since 1970
                    );
                    CREATE INDEX usageEvent_card ON usageEvent(cardId, date);
                    CREATE TABLE walletState (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        dataGeneration INTEGER NOT NULL
                    );
                    INSERT INTO walletState (id, dataGeneration) VALUES (1, 0);
                    """)
        }
        migrator.registerMigration("v2: barcode text encoding") { db in
            // BarcodeTextEncoding raw value (UTF-8, ISO-8859-1); NULL is UTF-8.
            try db.execute(sql: "ALTER TABLE card ADD COLUMN barcodeEncoding TEXT")
        }
        migrator.registerMigration("v3: card art") { db in
            // The images live in their own table (never read by lists); the card row keeps what
            // a list loads with it: the pass colors and CardArtSummary (roles, digest).
            try db.execute(
                sql: """
                    ALTER TABLE card ADD COLUMN foregroundColor TEXT;   -- #RRGGBB or NULL
                    ALTER TABLE card ADD COLUMN labelColor TEXT;        -- #RRGGBB or NULL
                    ALTER TABLE card ADD COLUMN artRoles TEXT;          -- "logo,icon" or NULL
                    ALTER TABLE card ADD COLUMN artDigest TEXT;         -- CardArtSummary.digest or NULL
                    CREATE TABLE cardImage (
                        cardId TEXT NOT NULL REFERENCES card(id) ON DELETE CASCADE,
                        role TEXT NOT NULL,                  -- CardImageRole raw value
                        width INTEGER NOT NULL,
                        height INTEGER NOT NULL,
                        png BLOB NOT NULL,
                        PRIMARY KEY (cardId, role)           -- a rowid table: rows of kilobytes
                    );
                    """)
        }
        migrator.registerMigration("v4: live passes") { db in
            try db.execute(sql: PassRows.schema)
        }
        migrator.registerMigration("v5: sync state") { db in
            // The sync repository's commit the cards were last made equal to (CardRepository+Sync),
            // and the data generation a sync's change left (the host renders it with reason `sync`).
            try db.execute(
                sql: """
                    CREATE TABLE syncState (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        appliedCommit TEXT NOT NULL,         -- git commit id (hex)
                        generation INTEGER                   -- walletState.dataGeneration after the last sync's change
                    );
                    """)
        }
        migrator.registerMigration("v6: card field edit times") { db in
            // When each card field was last edited on this device (CardFieldEdits), for the sync's merge.
            try db.execute(sql: CardFieldEdits.schema)
        }
        migrator.registerMigration("v7: barcode gs1") { db in
            // 1 when the card's barcode is GS1 (FNC1 first; its value a GS1 element string).
            try db.execute(sql: "ALTER TABLE card ADD COLUMN gs1 INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v8: pass authenticity") { db in
            // Whether each pass is really from its issuer (PassAuthenticity), as JSON.
            try db.execute(sql: PassRows.authenticitySchema)
        }
        return migrator
    }()

    /// Where a database stands relative to this binary's migrations.
    enum State: Equatable {
        /// No migration applied yet (a new or empty file).
        case empty
        case current
        /// Some known migrations are missing.
        case older
        /// Migrations this binary does not know.
        case newer([String])
        /// Tables, but not the wallet's.
        case foreign
    }

    /// Reads the state without writing anything.
    static func state(_ db: Database) throws -> State {
        let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        guard tables.contains("grdb_migrations") else {
            return tables.subtracting(["sqlite_sequence"]).isEmpty ? .empty : .foreign
        }
        let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
        let known = Set(migrator.migrations)
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty { return .newer(unknown.sorted()) }
        if applied.isEmpty { return tables.subtracting(["grdb_migrations", "sqlite_sequence"]).isEmpty ? .empty : .foreign }
        return applied == known ? .current : .older
    }
}
