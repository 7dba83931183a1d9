import Foundation
internal import GRDB

/// What a sync (or a restore from the sync history) makes of the wallet: the cards to store as
/// they are (validated), the cards to remove, the usage events other devices logged, and the
/// sync repository's commit the wallet then equals.
public struct SyncApplication: Sendable {
    /// Cards stored as given: a new id is inserted, a known id has its editable fields replaced
    /// (its pass, images and usage stay).
    public var upserts: [Card]
    public var removals: [UUID]
    /// The art of upserted cards, by id (checked by the sync like an import's images); a card
    /// without an entry keeps its art.
    public var art: [UUID: CardArtwork] = [:]
    /// Opens logged on other devices; an event already in the log is not added twice.
    public var usage: [UsageEvent]
    /// The commit recorded as applied, or nil to leave the recorded commit as it is.
    public var commit: String?
    /// What the change is in live cards' history (`sync`, or `edit` for a restore).
    public var source: VersionSource

    public init(
        upserts: [Card] = [], removals: [UUID] = [], usage: [UsageEvent] = [], commit: String?, source: VersionSource = .sync
    ) {
        (self.upserts, self.removals, self.usage, self.commit, self.source) = (upserts, removals, usage, commit, source)
    }
}

extension CardRepository {
    /// The sync repository's commit the cards were last made equal to, or nil before the first sync.
    public func syncedCommit() throws -> String? {
        try read { try String.fetchOne($0, sql: "SELECT appliedCommit FROM syncState WHERE id = 1") }
    }

    /// Forgets the applied commit (a new sync repository starts from nothing).
    public func forgetSyncedCommit() throws {
        try write { try $0.execute(sql: "DELETE FROM syncState") }
    }

    /// Applies `change` in one transaction with the record of its commit: either the wallet
    /// holds every card of the commit and says so, or nothing changed. Every card is validated
    /// first. Live cards record a version of kind ``SyncApplication/source``. Returns how many
    /// cards changed; the data generation is bumped when a card or the usage log did.
    @discardableResult
    public func applySync(_ change: SyncApplication) throws -> Int {
        let cards = try change.upserts.map { card throws(CardValidationError) in try card.validated() }
        let art = try change.art.mapValues { art throws(CardValidationError) in try art.validated() }
        let now = clock.now()
        return try write { db in
            var changed = 0, opens = 0
            for card in cards {
                guard let stored = try CardQueries.card(db, id: card.id) else {
                    try CardWrites.insert(card, db)
                    if let cardArt = art[card.id], !cardArt.isEmpty { try CardArtStore.replace(cardArt, of: card.id, db) }
                    if change.source == .edit { try CardFieldEdits.recordAdded(card.id, at: now, db) }
                    changed += 1
                    continue
                }
                let newArt = art[card.id].flatMap { $0.summary == stored.art ? nil : $0 }
                if let newArt { try CardArtStore.replace(newArt, of: card.id, db) }
                guard stored.fields != card.fields else {
                    if newArt != nil { changed += 1 }
                    continue
                }
                var edited = stored
                edited.fields = card.fields
                try CardWrites.update(edited, db)
                // A restore is an edit made here; a sync's values carry their edit times in the repository.
                if change.source == .edit {
                    try CardFieldEdits.recordChanges(card.id, from: stored.fields, to: card.fields, at: now, db)
                }
                if stored.pass != nil {
                    try CardVersions.record(
                        edited, source: change.source, time: now, changes: CardChanges.between(stored, edited), db)
                }
                changed += 1
            }
            for id in change.removals where try CardWrites.delete(id, db) { changed += 1 }
            for event in change.usage {
                let key = CardQueries.key(event.cardID)
                let known =
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM usageEvent WHERE cardId = ? AND date = ?)",
                        arguments: [key, event.date.timeIntervalSince1970]) ?? false
                let exists =
                    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM card WHERE id = ?)", arguments: [key]) ?? false
                guard !known, exists else { continue }
                try CardWrites.recordUse(of: event.cardID, at: event.date, db)
                opens += 1
            }
            if let commit = change.commit {
                try db.execute(
                    sql:
                        "INSERT INTO syncState (id, appliedCommit) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET appliedCommit = excluded.appliedCommit",
                    arguments: [commit])
            }
            if changed + opens > 0 {
                try CardWrites.bumpDataGeneration(db)
                if change.commit != nil {
                    try db.execute(sql: "UPDATE syncState SET generation = (SELECT dataGeneration FROM walletState WHERE id = 1)")
                }
            }
            return changed
        }
    }
}
