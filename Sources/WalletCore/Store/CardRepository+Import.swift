import Foundation
internal import GRDB
import Barcodes

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
    /// Cards stored.
    public var added: Int
    /// Cards left out because the wallet (or an earlier card of the same import) already holds
    /// the same store, code, barcode value and format.
    public var skipped: Int

    public init(added: Int, skipped: Int) {
        self.added = added
        self.skipped = skipped
    }
}

extension CardRepository {
    /// Stores `cards` in one transaction, all or nothing.
    ///
    /// Every card is validated first (``Card/validated()``); one invalid card fails the whole
    /// import with ``WalletStoreError/invalidImportedCard(position:store:reason:)``. A card that
    /// exactly duplicates a stored card (same store, code, barcodeValue and format) is skipped.
    /// Added cards keep their id, creation date and flags; a card whose id is already taken by a
    /// different card gets a new id (its usage events follow it). Usage events are stored for
    /// the added cards only; `groups` and the cards' groups are created when missing. The data
    /// generation is bumped when at least one card was added.
    /// `art` (by imported card id) is stored with the added cards it belongs to, validated first too.
    /// `progress` hears (cards stored or skipped, total) as the transaction goes.
    public func importCards(
        _ cards: [Card], groups: [String], usageEvents: [UsageEvent], art: [UUID: CardArtwork] = [:],
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> ImportSummary {
        var validated: [Card] = []
        var validArt: [UUID: CardArtwork] = [:]
        validated.reserveCapacity(cards.count)
        for (index, card) in cards.enumerated() {
            do {
                validated.append(try card.validated())
                if let cardArt = art[card.id], !cardArt.isEmpty { validArt[card.id] = try cardArt.validated() }
            } catch {
                throw WalletStoreError.invalidImportedCard(position: index + 1, store: card.store, reason: error)
            }
        }
        let groupNames = try groups.map { name throws(CardValidationError) -> String in
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw .emptyGroupName }
            return trimmed
        }
        let now = clock.now()
        return try write { db in
            var signatures = try Set(
                Row.fetchAll(db, sql: "SELECT store, code, barcodeValue, format FROM card").map {
                    CardSignature(store: $0["store"], code: $0["code"], barcodeValue: $0["barcodeValue"], format: $0["format"])
                })
            var takenIDs = try Set(String.fetchAll(db, sql: "SELECT id FROM card"))
            var storedID: [UUID: UUID] = [:]  // imported id -> id it was stored under
            var skipped = 0
            for name in groupNames { try CardWrites.ensureGroup(name, db) }
            for (index, var card) in validated.enumerated() {
                defer { progress(index + 1, validated.count) }
                guard signatures.insert(CardSignature(card)).inserted else {
                    skipped += 1
                    continue
                }
                let importedID = card.id
                while takenIDs.contains(CardQueries.key(card.id)) { card.id = UUID() }
                takenIDs.insert(CardQueries.key(card.id))
                storedID[importedID] = card.id
                try CardWrites.insert(card, db)
                try CardFieldEdits.recordAdded(card.id, at: now, db)
                if let cardArt = validArt[importedID] { try CardArtStore.replace(cardArt, of: card.id, db) }
            }
            for event in usageEvents {
                guard let id = storedID[event.cardID] else { continue }
                try CardWrites.recordUse(of: id, at: event.date, db)
            }
            if !storedID.isEmpty { try CardWrites.bumpDataGeneration(db) }
            return ImportSummary(added: storedID.count, skipped: skipped)
        }
    }
}

/// What makes two cards the same card for import: store, code, barcode value and format.
private struct CardSignature: Hashable {
    var store: String
    var code: String
    var barcodeValue: String?
    var format: String?

    init(store: String, code: String, barcodeValue: String?, format: String?) {
        self.store = store
        self.code = code
        self.barcodeValue = barcodeValue
        self.format = format
    }

    init(_ card: Card) {
        self.init(store: card.store, code: card.code, barcodeValue: card.barcodeValue, format: card.format?.rawValue)
    }
}
