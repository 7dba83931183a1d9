import Foundation
internal import GRDB

/// Where and how to pull one live card: what the PassKit web service client needs.
public struct LiveEndpoint: Sendable, Equatable {
    public var cardID: UUID
    public var store: String
    public var serialNumber: String
    public var passTypeIdentifier: String
    public var webServiceURL: String
    public var authenticationToken: String
    /// The `Last-Modified` of the version held, for `If-Modified-Since`.
    public var lastModified: String?
    /// The wallet registered this device for the pass with the issuer.
    public var registered: Bool
}

/// What applying an issuer's new version did.
public struct PassUpdateResult: Sendable, Equatable {
    /// The card after the update.
    public var card: Card
    /// What changed (empty: the issuer's version equals the one held).
    public var changes: [FieldChange]
    /// The issuer messages the update brought (fields with a `changeMessage` whose value changed).
    public var messages: [String]
}

extension CardRepository {
    /// The wallet's PassKit device library identifier: one, stable, made when the wallet was.
    public func deviceLibraryIdentifier() throws -> String {
        try read(PassRows.deviceLibraryIdentifier)
    }

    /// The live cards among `ids` (every live card when nil), in list order.
    public func liveEndpoints(ids: [UUID]? = nil) throws -> [LiveEndpoint] {
        let (cards, registered) = try read { db in
            (
                try CardQueries.cards(db, includeArchived: true, ids: ids.map { $0.map(CardQueries.key) }),
                try Set(String.fetchAll(db, sql: "SELECT cardId FROM pass WHERE registered = 1"))
            )
        }
        return cards.compactMap { card in
            guard let pass = card.pass, pass.isLive, let url = pass.webServiceURL, let token = pass.authenticationToken else {
                return nil
            }
            return LiveEndpoint(
                cardID: card.id, store: card.store, serialNumber: pass.serialNumber,
                passTypeIdentifier: pass.passTypeIdentifier, webServiceURL: url, authenticationToken: token,
                lastModified: pass.lastModified, registered: registered.contains(CardQueries.key(card.id)))
        }
    }

    /// Records that the issuer knows this device for card `id`'s pass.
    public func markRegistered(_ id: UUID) throws {
        try write { db in try db.execute(sql: "UPDATE pass SET registered = 1 WHERE cardId = ?", arguments: [CardQueries.key(id)])
        }
    }

    /// The `passesUpdatedSince` tag of a web service and pass type, or nil before the first list.
    public func updateTag(webServiceURL: String, passTypeIdentifier: String) throws -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT tag FROM passUpdateTag WHERE webServiceURL = ? AND passTypeIdentifier = ?",
                arguments: [webServiceURL, passTypeIdentifier])
        }
    }

    /// Keeps the issuer's `lastUpdated` as the next `passesUpdatedSince`.
    public func setUpdateTag(_ tag: String, webServiceURL: String, passTypeIdentifier: String) throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO passUpdateTag (webServiceURL, passTypeIdentifier, tag) VALUES (?, ?, ?)",
                arguments: [webServiceURL, passTypeIdentifier, tag])
        }
    }

    /// The versions of card `id`, oldest first (empty for a card that is not a pass).
    public func history(of id: UUID) throws -> [CardVersion] {
        try read { db in
            guard try CardQueries.card(db, id: id) != nil else { throw WalletStoreError.cardNotFound(CardQueries.key(id)) }
            return try CardVersions.history(db, id: id)
        }
    }

    /// Applies the issuer's new version of card `id` in one transaction: `issuer` is the card
    /// the new pass maps to (its fields and pass). A field the user edited stays unless the
    /// issuer changed it since its previous version; the pass's fields, dates and flags are the
    /// issuer's. An update not signed by the same team for the same pass type as the pass held
    /// (``PassAuthenticity/refusal(ofUpdate:passType:)``) is refused, nothing changed. Records a version (source `update`) when anything changed and bumps the data
    /// generation (the card's `updatedAt` moves either way).
    public func applyPassUpdate(
        _ id: UUID, issuer: Card, lastModified: String?, source: VersionSource = .update
    ) throws -> PassUpdateResult {
        let now = clock.now()
        let issuerCard = try issuer.validated()
        return try write { db in
            guard let stored = try CardQueries.card(db, id: id), let held = stored.pass else {
                throw WalletStoreError.cardNotFound(CardQueries.key(id))
            }
            guard var pass = issuerCard.pass, pass.serialNumber == held.serialNumber,
                pass.passTypeIdentifier == held.passTypeIdentifier
            else {
                throw WalletStoreError.passMismatch(held.passTypeIdentifier, held.serialNumber)
            }
            if let update = pass.authenticity,
                let reason = (held.authenticity ?? .unchecked).refusal(ofUpdate: update, passType: held.passTypeIdentifier)
            {
                throw WalletStoreError.updateNotAuthentic(held.passTypeIdentifier, held.serialNumber, reason)
            }
            let base = try PassRows.issuerFields(db, id: id) ?? stored.fields
            var updated = stored
            updated.fields = try Card(
                id: id, fields: CardChanges.merged(user: stored.fields, base: base, issuer: issuerCard.fields),
                createdAt: stored.createdAt
            ).validated().fields
            let messages = Self.announcements(old: held.fields, new: pass.fields)
            // The service stays the one the card was pulled from: a pass cannot move its own token elsewhere.
            pass.webServiceURL = held.webServiceURL
            pass.authenticationToken = held.authenticationToken
            pass.updatedAt = now
            pass.lastModified = lastModified ?? held.lastModified
            pass.message = messages.last ?? held.message
            updated.pass = pass
            let changes = CardChanges.between(stored, updated)
            try CardWrites.update(updated, db)
            try CardFieldEdits.recordChanges(id, from: stored.fields, to: updated.fields, at: now, db)
            try PassRows.save(pass, issuer: issuerCard.fields, cardID: id, db)
            if !changes.isEmpty { try CardVersions.record(updated, source: source, time: now, changes: changes, db) }
            try CardWrites.bumpDataGeneration(db)
            return PassUpdateResult(card: updated, changes: changes, messages: messages)
        }
    }

    /// Records pulls that found the passes unchanged (`304`, or not in the issuer's list of
    /// changed passes): only their `updatedAt` moves, in one transaction.
    public func markPulled(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        let now = clock.now()
        try write { db in
            var changed = 0
            for id in ids {
                try db.execute(
                    sql: "UPDATE pass SET updatedAt = ? WHERE cardId = ?",
                    arguments: [now.timeIntervalSince1970, CardQueries.key(id)])
                changed += db.changesCount
            }
            if changed > 0 { try CardWrites.bumpDataGeneration(db) }
        }
    }

    /// Card `id`'s pull endpoint, or nil when the card is not live.
    public func liveEndpoint(of id: UUID) throws -> LiveEndpoint? {
        try liveEndpoints(ids: [id]).first
    }

    /// Brings back version `version` of card `id` as a new version (source `edit`): its fields
    /// and its pass's fields, dates and flags; the issuer link, `updatedAt` and the unread
    /// message stay as they are. Returns what changed.
    public func revert(_ id: UUID, to version: Int) throws -> [FieldChange] {
        let now = clock.now()
        return try write { db in
            guard let stored = try CardQueries.card(db, id: id) else { throw WalletStoreError.cardNotFound(CardQueries.key(id)) }
            guard let snapshot = try CardVersions.snapshot(db, id: id, version: version) else {
                throw WalletStoreError.versionNotFound(CardQueries.key(id), version)
            }
            var reverted = stored
            reverted.fields = try Card(id: id, fields: snapshot.card.fields, createdAt: stored.createdAt).validated().fields
            if var pass = snapshot.pass, let held = stored.pass {
                (pass.webServiceURL, pass.authenticationToken) = (held.webServiceURL, held.authenticationToken)
                (pass.updatedAt, pass.lastModified, pass.message) = (held.updatedAt, held.lastModified, held.message)
                reverted.pass = pass
            }
            let changes = CardChanges.between(stored, reverted)
            guard !changes.isEmpty else { return [] }
            try CardWrites.update(reverted, db)
            try CardFieldEdits.recordChanges(id, from: stored.fields, to: reverted.fields, at: now, db)
            if let pass = reverted.pass, let issuer = try PassRows.issuerFields(db, id: id) {
                try PassRows.save(pass, issuer: issuer, cardID: id, db)
            }
            try CardVersions.record(reverted, source: .edit, time: now, changes: changes, db)
            try CardWrites.bumpDataGeneration(db)
            return changes
        }
    }

    /// The new values of fields that changed and carry a `changeMessage`, as their messages.
    static func announcements(old: [LiveField], new: [LiveField]) -> [String] {
        new.compactMap { field in
            let before = old.first { $0.key == field.key }
            guard before?.value != field.value else { return nil }
            return field.announcement
        }
    }
}
