import Foundation
internal import GRDB
import Synchronization

/// The widget side's view of the wallet: opens the shared database read-only and never creates,
/// migrates or writes anything.
///
/// Before the app side has stored anything (no database file, or one whose schema is not
/// created yet) the reader sees an empty wallet: no cards, no usage, data generation 0; it
/// opens the database on the first call that finds it. A damaged, foreign, older or newer
/// database is an error (``WalletStoreError``).
public final class CardReader: CardReading {
    private let container: SharedContainer
    private let queue = Mutex<DatabaseQueue?>(nil)
    private let openedSnapshot = Mutex(false)

    /// Does not touch the disk: the database is opened on first use.
    public init(container: SharedContainer) throws {
        self.container = container
    }

    public func cards(includeArchived: Bool) throws -> [Card] {
        try read([]) { try CardQueries.cards($0, includeArchived: includeArchived) }
    }

    public func card(id: UUID) throws -> Card? {
        try read(nil) { try CardQueries.card($0, id: id) }
    }

    public func usageEvents() throws -> [UsageEvent] {
        try read([]) { try CardQueries.usageEvents($0) }
    }

    public func dataGeneration() throws -> Int64 {
        try read(0) { try CardQueries.dataGeneration($0) }
    }

    /// The data generation the last sync's change left, or nil: when it equals
    /// ``dataGeneration()``, the latest change came from another device.
    public func syncedGeneration() throws -> Int64? {
        try read(nil) { try Int64.fetchOne($0, sql: "SELECT generation FROM syncState WHERE id = 1") }
    }

    public func images(_ role: CardImageRole, of ids: [UUID]) throws -> [UUID: CardImage] {
        try read([:]) { try CardArtStore.images(role, of: ids, $0) }
    }

    /// Cards whose folded store or note contains the folded `search`, as
    /// ``CardRepository/list(search:sort:includeArchived:)`` lists them, read-only.
    public func list(search: String?, sort: CardSort, includeArchived: Bool) throws -> [Card] {
        let folded = search.map(TextFolding.fold)
        return try read([]) { try CardQueries.cards($0, search: folded, sort: sort, includeArchived: includeArchived) }
    }

    /// Group names, in the order they were created.
    public func groups() throws -> [String] {
        try read([], CardQueries.groups)
    }

    /// True once a read found the database only readable as a snapshot: its directory is
    /// read-only or the disk full, so SQLite could not create the `-shm` file a live read needs,
    /// and the main file was read `immutable` (changes still in `wallet.sqlite-wal`, if any,
    /// are not seen).
    public var readsSnapshot: Bool {
        openedSnapshot.withLock { $0 }
    }

    /// Runs `body` in one read transaction (a consistent snapshot), or answers `empty` when
    /// there is no wallet yet.
    func read<T>(_ empty: T, _ body: (Database) throws -> T) throws -> T {
        let path = container.databaseURL.path
        guard let queue = try openedQueue() else { return empty }
        return try WalletDatabase.retrying(path) { try queue.read(body) }
    }

    /// The queue, opened on first use. A snapshot queue (immutable: SQLite assumes the file
    /// never changes) is not kept: each read tries a live open again, so a long-running reader
    /// (the widget host) sees changes again once the disk has room or the directory is writable.
    private func openedQueue() throws -> DatabaseQueue? {
        try queue.withLock { queue in
            if let queue, !openedSnapshot.withLock({ $0 }) { return queue }
            let opened = try WalletDatabase.openForReading(container: container)
            queue = opened?.queue
            openedSnapshot.withLock { $0 = opened?.snapshot ?? false }
            return queue
        }
    }
}
