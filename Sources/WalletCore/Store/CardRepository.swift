import Foundation
internal import GRDB

/// The app side's access to the wallet: reads and writes the shared database.
///
/// Every change runs in one transaction that also bumps the data generation when the change
/// alters what a widget could show (the `WidgetCenter.reloadTimelines` signal); a write that
/// changes nothing bumps nothing. "Database is locked" is absorbed by a busy timeout and retries.
public final class CardRepository: CardReading {
    /// The container the database lives in.
    public let container: SharedContainer
    let clock: WalletClock
    let pool: DatabasePool

    /// Opens the database, creating the container (0700), the file (0600) and the schema when
    /// missing. Refuses, without writing to it, a file that is not a wallet database of a schema
    /// this binary knows.
    public init(container: SharedContainer, clock: WalletClock) throws {
        self.container = container
        self.clock = clock
        self.pool = try WalletDatabase.openForWriting(container: container)
    }

    // MARK: Reading

    public func cards(includeArchived: Bool) throws -> [Card] {
        try read { try CardQueries.cards($0, includeArchived: includeArchived) }
    }

    public func card(id: UUID) throws -> Card? {
        try read { try CardQueries.card($0, id: id) }
    }

    public func usageEvents() throws -> [UsageEvent] {
        try read(CardQueries.usageEvents)
    }

    public func dataGeneration() throws -> Int64 {
        try read(CardQueries.dataGeneration)
    }

    /// Cards whose folded store or note contains the folded `search` (case and accents ignored),
    /// favorites first, then in `sort` order.
    public func list(search: String?, sort: CardSort, includeArchived: Bool) throws -> [Card] {
        let folded = search.map(TextFolding.fold)
        return try read { try CardQueries.cards($0, search: folded, sort: sort, includeArchived: includeArchived) }
    }

    /// Group names, in the order they were created.
    public func groups() throws -> [String] {
        try read(CardQueries.groups)
    }

    // MARK: Writing

    /// Validates the draft and stores it as a new card created now.
    public func add(_ draft: CardDraft) throws -> Card {
        let card = try draft.card(createdAt: clock.now())
        try write { db in
            try CardWrites.insert(card, db)
            try CardWrites.bumpDataGeneration(db)
        }
        return card
    }

    /// Validates and stores the editable fields of `card` (everything but id, creation date and
    /// usage). Nothing is written, and no reload is requested, when nothing changed.
    public func update(_ card: Card) throws {
        let edited = try card.validated()
        try write { db in
            guard let stored = try CardQueries.card(db, id: edited.id) else {
                throw WalletStoreError.cardNotFound(CardQueries.key(edited.id))
            }
            guard stored.fields != edited.fields else { return }
            try CardWrites.update(edited, db)
            if var live = stored.pass.map({ _ in stored }) {
                live.fields = edited.fields
                try CardVersions.record(live, source: .edit, time: clock.now(), changes: CardChanges.between(stored, live), db)
            }
            try CardWrites.bumpDataGeneration(db)
        }
    }

    /// Deletes the card, its usage log and group memberships.
    public func remove(id: UUID) throws {
        try write { db in
            guard try CardWrites.delete(id, db) else { throw WalletStoreError.cardNotFound(CardQueries.key(id)) }
            try CardWrites.bumpDataGeneration(db)
        }
    }

    /// Logs an open of the card now (it feeds `lastUsed`, `usageCount` and the recent and
    /// suggested widget modes) and returns the card as it stands after it.
    public func recordUse(of id: UUID) throws -> Card {
        let now = clock.now()
        return try write { db in
            guard try CardQueries.card(db, id: id) != nil else {
                throw WalletStoreError.cardNotFound(CardQueries.key(id))
            }
            try CardWrites.recordUse(of: id, at: now, db)
            try CardWrites.bumpDataGeneration(db)
            return try CardQueries.card(db, id: id)!
        }
    }

    // MARK: Plumbing

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try WalletDatabase.retrying(container.databaseURL.path) { try pool.read(body) }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try WalletDatabase.retrying(container.databaseURL.path) { try pool.write(body) }
    }
}
