import Foundation
import SystemPackage
internal import GRDB
internal import FileOutput
internal import CSQLiteSetup

/// Opening the wallet database safely: private files, no write to anything that is not a wallet
/// database of a known schema, and "database is locked" absorbed by a busy timeout plus retries.
enum WalletDatabase {
    /// How long one SQLite call waits for another process's lock.
    static let busyTimeout: TimeInterval = 3
    /// How many times a locked operation is retried (each after the busy timeout ran out).
    static let attempts = 6

    /// The read-write pool of the app side: the file is created 0600 when missing, inspected
    /// read-only, then opened in WAL mode and migrated.
    static func openForWriting(container: SharedContainer) throws -> DatabasePool {
        let path = container.databaseURL.path
        try prepare(container)
        try createPrivateFile(path)
        if try hasDatabaseHeader(path) {
            switch try openInspected(path, label: "wallet.inspector").state {
            case .empty, .current, .older: break
            case .newer(let unknown): throw WalletStoreError.newerSchema(path: path, unknown: unknown)
            case .foreign: throw WalletStoreError.foreignDatabase(path: path)
            }
        }
        let pool = try retrying(path) { try DatabasePool(path: path, configuration: configuration(readonly: false)) }
        try migrate(pool, path: path)
        secureFiles(path)
        return pool
    }

    /// Applies the migrations `pool`'s database lacks. Processes opening a new or older wallet
    /// at once race to apply the same migration: the loser's transaction fails ("table card
    /// already exists") and rolls back, so it starts again from the schema the winner left,
    /// which may still lack a later migration, until the schema is current.
    private static func migrate(_ pool: DatabasePool, path: String) throws {
        var attempt = 1
        while true {
            do {
                try retrying(path) { try WalletSchema.migrator.migrate(pool) }
                return
            } catch {
                if (try? pool.read(WalletSchema.state)) == .current { return }
                guard attempt < attempts else { throw error }
                attempt += 1
            }
        }
    }

    /// The read-only queue of the widget side, or nil when there is no wallet yet (no file,
    /// an empty file, or a file whose schema is not created yet). Never creates or writes a file.
    /// The queue that read the schema is the one returned: one SQLite open per process.
    /// `snapshot`: the database was opened immutable (``openReadable(_:)``).
    static func openForReading(container: SharedContainer) throws -> (queue: DatabaseQueue, snapshot: Bool)? {
        let path = container.databaseURL.path
        guard try databaseFileExists(path, container: container), try hasDatabaseHeader(path) else { return nil }
        var (queue, state, snapshot) = try openReadable(path)
        var waits = 0
        // A writer creating or upgrading the wallet applies its migrations one transaction each,
        // so a reader in between sees only some of them. That lasts milliseconds: wait it out. A
        // wallet that stays older was left by an older binary.
        while state == .older, waits < olderSchemaWaits {
            usleep(20_000)
            waits += 1
            (queue, state, snapshot) = try openReadable(path)
        }
        switch state {
        case .empty: return nil
        case .current: return (queue, snapshot)
        case .older: throw WalletStoreError.olderSchema(path: path)
        case .newer(let unknown): throw WalletStoreError.newerSchema(path: path, unknown: unknown)
        case .foreign: throw WalletStoreError.foreignDatabase(path: path)
        }
    }

    /// How many times (20 ms apart) a reader looks again at a schema that is older than this
    /// binary's before it says so: about a second, while another process migrates.
    private static let olderSchemaWaits = 50

    /// Opens `path` read-only. Reading a WAL database needs its `-shm` file, which SQLite
    /// creates when missing: where it cannot (a read-only directory: a backup on read-only
    /// media, another user's wallet shared read-only; a full disk) the file is opened
    /// `immutable`, a snapshot of what the main file holds (`snapshot` true), instead of failing.
    private static func openReadable(_ path: String) throws -> (DatabaseQueue, WalletSchema.State, snapshot: Bool) {
        do {
            let (queue, state) = try openInspected(path, label: "wallet.reader")
            return (queue, state, false)
        } catch WalletStoreError.database(_, let failure) where companionFailures.contains(failure.resultCode) {
            let (queue, state) = try openInspected(path, label: "wallet.snapshot", uri: immutableURI(path))
            return (queue, state, true)
        }
    }

    /// SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL: what opening fails with when
    /// the `-shm` file cannot be created or sized.
    private static let companionFailures: Set<Int32> = [8, 10, 13, 14]

    /// `file:PATH?immutable=1`, the path's `%`, `?` and `#` escaped (Debian's SQLite reads URI
    /// file names: SQLITE_USE_URI).
    private static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// Runs `body`, retrying while another process holds the lock, and turns SQLite errors into
    /// ``WalletStoreError``s that name the file.
    static func retrying<T>(_ path: String, _ body: () throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try body()
            } catch let error as DatabaseError {
                let code = error.resultCode
                guard code == .SQLITE_BUSY || code == .SQLITE_LOCKED else { throw translate(error, path: path) }
                guard attempt < attempts else { throw WalletStoreError.busy(path: path) }
                usleep(UInt32.random(in: 10_000...50_000) * UInt32(attempt))
                attempt += 1
            }
        }
    }

    /// One-line errors for the SQLite conditions a person can act on.
    /// The result codes are kept in the error (``SQLiteFailure``).
    static func translate(_ error: DatabaseError, path: String) -> WalletStoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB: .notADatabase(path: path)
        case .SQLITE_CORRUPT: .damaged(path: path, failure(error, fallback: "corrupt"))
        case .SQLITE_BUSY, .SQLITE_LOCKED: .busy(path: path)
        default: .database(path: path, failure(error, fallback: "\(error.resultCode)"))
        }
    }

    /// GRDB's error as a ``SQLiteFailure`` (GRDB types stay inside WalletCore).
    private static func failure(_ error: DatabaseError, fallback: String) -> SQLiteFailure {
        SQLiteFailure(
            resultCode: error.resultCode.rawValue, extendedResultCode: error.extendedResultCode.rawValue,
            message: error.message ?? fallback)
    }

    /// SQLite's one process-wide setting, made before the first database is opened: no bulk
    /// page-cache allocation per connection (sqlite_setup.h): a short read such as `widget tap`
    /// touched fresh pages for cache lines it never used (bench/results.md, "Reference
    /// measurements", `CSQLiteSetup`).
    private static let sqliteSetUp: Void = { _ = wallet_sqlite_skip_bulk_page_cache() }()

    private static func configuration(readonly: Bool) -> Configuration {
        _ = sqliteSetUp
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = readonly ? "wallet.reader" : "wallet.repository"
        if !readonly {
            // WAL + NORMAL: a commit survives a killed process; only a power cut may lose the last ones.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        }
        return configuration
    }

    /// Creates the container directory (0700), with a message that names the usual causes.
    private static func prepare(_ container: SharedContainer) throws {
        try checkAncestors(of: container)
        do throws(FileError) {
            try container.prepare()
        } catch {
            throw WalletStoreError.container(path: container.url.path, detail: error.description, cause: error)
        }
    }

    /// Throws when the nearest existing ancestor of the container is a file, not a directory.
    private static func checkAncestors(of container: SharedContainer) throws {
        var isDirectory: ObjCBool = false
        var ancestor = container.url
        while ancestor.path != "/" {
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw WalletStoreError.container(
                        path: container.url.path, detail: "\(ancestor.path) is a file, not a directory")
                }
                break
            }
            ancestor.deleteLastPathComponent()
        }
    }

    /// True when the database file exists; false when it or the container is missing (no
    /// wallet yet). A container that is not a usable directory, a database that is a symbolic
    /// link or not a regular file is an error, as on the app side, rather than an empty wallet.
    private static func databaseFileExists(_ path: String, container: SharedContainer) throws -> Bool {
        let kind: PathKind
        do {
            kind = try PathKind.of(path)
        } catch {
            try checkAncestors(of: container)
            throw WalletStoreError.container(path: container.url.path, detail: error.description)
        }
        switch kind {
        case .missing: return false
        case .regular: return true
        case .symbolicLink:
            throw WalletStoreError.container(
                path: path, detail: PathKind.symbolicLinkRefused(path, operation: "open").description)
        case .directory, .special: throw WalletStoreError.notADatabase(path: path)
        }
    }

    /// Creates an empty database file readable by its owner only (SQLite gives the -wal and
    /// -shm files the same mode); leaves an existing file alone.
    /// A symbolic link at the database's path is refused, never followed (its target would be
    /// created or chmodded).
    private static func createPrivateFile(_ path: String) throws {
        do {
            close(try PrivatePaths.openOwnedFile(path, flags: O_RDONLY))
        } catch {
            if error.errno == .tooManySymbolicLinkLevels || error.errno == .invalidArgument {
                throw WalletStoreError.container(path: path, detail: error.description, cause: error)
            }
            throw WalletStoreError.container(path: path, detail: ErrnoText.message(for: error.errno), cause: error)
        }
        secureFiles(path)
    }

    /// Clears group and other bits of the database and its WAL companions (a file made by an
    /// older tool or a loose umask); never adds a bit and never follows a link. Failure is
    /// harmless and ignored: the directory is private.
    private static func secureFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { PrivatePaths.tightenMode(path + suffix) }
    }

    /// Checks the file without SQLite: true when it carries the SQLite header, false when it
    /// is empty (a new wallet); anything else is refused before SQLite could write to it.
    private static func hasDatabaseHeader(_ path: String) throws -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WalletStoreError.notADatabase(path: path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw WalletStoreError.unreadable(path: path)
        }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        if header.isEmpty { return false }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw WalletStoreError.notADatabase(path: path)
        }
        return true
    }

    /// A read-only queue on a file that passed ``hasDatabaseHeader(_:)``, and the schema it holds;
    /// `uri` opens it under another name (errors still name `path`).
    private static func openInspected(
        _ path: String, label: String, uri: String? = nil
    ) throws -> (queue: DatabaseQueue, state: WalletSchema.State) {
        var configuration = configuration(readonly: true)
        configuration.label = label
        return try retrying(path) {
            let queue = try DatabaseQueue(path: uri ?? path, configuration: configuration)
            return (queue, try queue.read(WalletSchema.state))
        }
    }
}
