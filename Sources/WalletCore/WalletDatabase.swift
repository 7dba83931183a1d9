import Foundation
internal import GRDB

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
        switch try inspect(path) {
        case .empty, .current, .older: break
        case .newer(let unknown): throw WalletStoreError.newerSchema(path: path, unknown: unknown)
        case .foreign: throw WalletStoreError.foreignDatabase(path: path)
        }
        let pool = try retrying(path) { try DatabasePool(path: path, configuration: configuration(readonly: false)) }
        do {
            try retrying(path) { try WalletSchema.migrator.migrate(pool) }
        } catch {
            // Another process may have applied the same migration between our check and our
            // transaction: then the schema is current and the failed attempt rolled back.
            guard (try? pool.read(WalletSchema.state)) == .current else { throw error }
        }
        secureFiles(path)
        return pool
    }

    /// The read-only queue of the widget side, or nil when there is no wallet yet (no file,
    /// an empty file, or a file whose schema is not created yet). Never creates or writes a file.
    static func openForReading(container: SharedContainer) throws -> DatabaseQueue? {
        let path = container.databaseURL.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        switch try inspect(path) {
        case .empty: return nil
        case .current: break
        case .older: throw WalletStoreError.olderSchema(path: path)
        case .newer(let unknown): throw WalletStoreError.newerSchema(path: path, unknown: unknown)
        case .foreign: throw WalletStoreError.foreignDatabase(path: path)
        }
        return try retrying(path) { try DatabaseQueue(path: path, configuration: configuration(readonly: true)) }
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
    static func translate(_ error: DatabaseError, path: String) -> WalletStoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB: .notADatabase(path: path)
        case .SQLITE_CORRUPT: .damaged(path: path, detail: error.message ?? "corrupt")
        case .SQLITE_BUSY, .SQLITE_LOCKED: .busy(path: path)
        default: .database(path: path, detail: error.message ?? "\(error.resultCode)")
        }
    }

    private static func configuration(readonly: Bool) -> Configuration {
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
        var isDirectory: ObjCBool = false
        var ancestor = container.url
        while ancestor.path != "/" {
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw WalletStoreError.container(path: container.url.path, detail: "\(ancestor.path) is a file, not a directory")
                }
                break
            }
            ancestor.deleteLastPathComponent()
        }
        do {
            try container.prepare()
        } catch {
            throw WalletStoreError.container(path: container.url.path, detail: (error as NSError).localizedDescription)
        }
    }

    /// Creates an empty database file readable by its owner only (SQLite gives the -wal and
    /// -shm files the same mode); leaves an existing file alone.
    private static func createPrivateFile(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw WalletStoreError.container(path: path, detail: String(cString: strerror(errno)))
        }
        secureFiles(path)
    }

    /// Tightens the database and its WAL companions to 0600 (a file made by an older tool or
    /// a loose umask). Failure is harmless and ignored: the directory is already 0700.
    private static func secureFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { _ = chmod(path + suffix, 0o600) }
    }

    /// Checks the file without writing to it: an empty file is a new wallet; anything else must
    /// carry the SQLite header and a schema this binary can use.
    private static func inspect(_ path: String) throws -> WalletSchema.State {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WalletStoreError.notADatabase(path: path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw WalletStoreError.database(path: path, detail: "cannot read the file (check its permissions)")
        }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        if header.isEmpty { return .empty }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw WalletStoreError.notADatabase(path: path)
        }
        var configuration = configuration(readonly: true)
        configuration.label = "wallet.inspector"
        return try retrying(path) {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read(WalletSchema.state)
        }
    }
}
