import Foundation
import Testing
import WalletCore
import WalletTestSupport

/// `CardRepository.applySync`: a sync's cards, removals and opens applied with the record of
/// its commit in one transaction, all or nothing.
@Suite struct CardRepositorySyncTests {
    @Test func appliesUpsertsRemovalsAndOpensAndRecordsTheCommit() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let kept = try repository.add(draft("Kept"))
        let removed = try repository.add(draft("Removed"))
        var edited = kept
        edited.note = "from another device"
        let arrived = try draft("Arrived").card(createdAt: Date(timeIntervalSince1970: 5))
        let generation = try repository.dataGeneration()
        let opened = UsageEvent(cardID: kept.id, date: Date(timeIntervalSince1970: 1_700_000_000.25))
        let change = SyncApplication(
            upserts: [edited, arrived], removals: [removed.id], usage: [opened, opened], commit: "abc123")
        #expect(try repository.applySync(change) == 3)
        #expect(try repository.cards(includeArchived: true).map(\.store).sorted() == ["Arrived", "Kept"])
        #expect(try repository.card(id: kept.id)?.note == "from another device")
        #expect(try repository.card(id: kept.id)?.usageCount == 1)
        #expect(try repository.card(id: arrived.id)?.createdAt == arrived.createdAt)
        #expect(try repository.syncedCommit() == "abc123")
        #expect(try repository.dataGeneration() == generation + 1)
        // Applying the same commit again changes nothing and bumps nothing.
        #expect(try repository.applySync(change) == 0)
        #expect(try repository.card(id: kept.id)?.usageCount == 1)
        #expect(try repository.dataGeneration() == generation + 1)
    }

    @Test func anInvalidCardAppliesNothing() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let card = try repository.add(draft("Kept"))
        var broken = card
        broken.store = "   "
        let other = try draft("Other").card(createdAt: Date())
        #expect(throws: CardValidationError.self) {
            try repository.applySync(SyncApplication(upserts: [other, broken], commit: "def456"))
        }
        #expect(try repository.cards(includeArchived: true).map(\.store) == ["Kept"])
        #expect(try repository.syncedCommit() == nil)
    }
}
