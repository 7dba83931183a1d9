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

    public func images(_ role: CardImageRole, of ids: [UUID]) throws -> [UUID: CardImage] {
        try read { try CardArtStore.images(role, of: ids, $0) }
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

    /// Validates the draft and its art and stores them as a new card created now, in one transaction.
    public func add(_ draft: CardDraft, art: CardArtwork = .none) throws -> Card {
        var card = try draft.card(createdAt: clock.now())
        let art = try art.validated()
        card.art = art.summary
        try write { db in
            try CardWrites.insert(card, db)
            try CardFieldEdits.recordAdded(card.id, at: card.createdAt, db)
            if !art.isEmpty { try CardArtStore.replace(art, of: card.id, db) }
            try CardWrites.bumpDataGeneration(db)
        }
        return card
    }

    /// Validates and stores the editable fields of `card` (everything but id, creation date and
    /// usage) and the change of its images, in one transaction. Nothing is written, and no
    /// reload is requested, when nothing changed. Returns true when something was written.
    @discardableResult
    public func update(_ card: Card, art change: CardArtChange = CardArtChange()) throws -> Bool {
        let edited = try card.validated()
        let now = clock.now()
        return try write { db in
            guard let stored = try CardQueries.card(db, id: edited.id) else {
                throw WalletStoreError.cardNotFound(CardQueries.key(edited.id))
            }
            var art: CardArtwork?
            if !change.isEmpty {
                let changed = try change.applied(to: CardArtStore.art(of: stored, db)).validated()
                if changed.summary != stored.art { art = changed }
            }
            guard stored.fields != edited.fields || art != nil else { return false }
            if stored.fields != edited.fields {
                try CardWrites.update(edited, db)
                try CardFieldEdits.recordChanges(edited.id, from: stored.fields, to: edited.fields, at: now, db)
                if var live = stored.pass.map({ _ in stored }) {
                    live.fields = edited.fields
                    try CardVersions.record(live, source: .edit, time: now, changes: CardChanges.between(stored, live), db)
                }
            }
            if let art {
                try CardArtStore.replace(art, of: edited.id, db)
                try CardFieldEdits.recordArt(edited.id, roles: Set(change.images.keys).union(change.removed), at: now, db)
            }
            try CardWrites.bumpDataGeneration(db)
            return true
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
