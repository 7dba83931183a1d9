import Foundation
internal import GRDB

/// The widget side's one write to the wallet: a widget button's star flips a card's favorite
/// flag. Nothing else of the repository is reachable from here; the change bumps the data
/// generation in the same transaction, so every widget that shows the card reloads.
public struct FavoriteToggle: Sendable {
    private let container: SharedContainer
    /// Dates the flip for the sync (``CardFieldEdits``).
    private let clock: WalletClock

    public init(container: SharedContainer, clock: WalletClock = .system) {
        (self.container, self.clock) = (container, clock)
    }

    /// Flips the favorite flag of the card `id` and returns the new value. Fails with
    /// ``WalletStoreError/cardNotFound(_:archivedExist:)`` when the card (or the whole wallet) is gone.
    @discardableResult
    public func toggle(_ id: UUID) throws -> Bool {
        let path = container.databaseURL.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw WalletStoreError.cardNotFound(CardQueries.key(id))
        }
        let pool = try WalletDatabase.openForWriting(container: container)
        let now = clock.now()
        return try WalletDatabase.retrying(path) {
            try pool.write { db in
                guard let card = try CardQueries.card(db, id: id) else {
                    throw WalletStoreError.cardNotFound(CardQueries.key(id))
                }
                _ = try CardWrites.setFavorite(id, !card.favorite, db)
                var flipped = card.fields
                flipped.favorite.toggle()
                try CardFieldEdits.recordChanges(id, from: card.fields, to: flipped, at: now, db)
                try CardWrites.bumpDataGeneration(db)
                return !card.favorite
            }
        }
    }
}
