import Foundation
import Testing
import WalletCore
import WalletTestSupport

/// `CardRepository.fieldEditTimes(of:)`: when each field was edited on this device, written
/// with every local change by the wallet's clock, and not by a sync's change.
@Suite struct CardFieldEditsTests {
    private let added = Date(timeIntervalSince1970: 1_700_000_000)
    private let edited = Date(timeIntervalSince1970: 1_700_000_600)
    private let flipped = Date(timeIntervalSince1970: 1_700_001_200)

    @Test func anAddDatesEveryFieldAndAnEditOrAFavoriteFlipDatesOnlyWhatChanged() throws {
        let home = TemporaryContainer()
        let card = try home.repository(clock: .fixed(added)).add(CardDraft(store: "Tesco", code: "1111"))
        #expect(try home.repository().fieldEditTimes(of: card.id) == ["": added])
        var changed = card
        changed.note = "bring bags"
        changed.archived = true
        #expect(try home.repository(clock: .fixed(edited)).update(changed))
        try FavoriteToggle(container: home.container, clock: .fixed(flipped)).toggle(card.id)
        #expect(
            try home.repository().fieldEditTimes(of: card.id) == [
                "": added, "note": edited, "archived": edited, "favorite": flipped,
            ])
    }

    @Test func aSyncsChangeIsNotAnEditOfThisDevice() throws {
        let home = TemporaryContainer()
        let repository = try home.repository(clock: .fixed(added))
        let card = try repository.add(CardDraft(store: "Tesco", code: "1111"))
        var synced = card
        synced.note = "from another device"
        let arrived = try CardDraft(store: "Lidl", code: "2222").card(createdAt: added)
        try home.repository(clock: .fixed(edited)).applySync(SyncApplication(upserts: [synced, arrived], commit: "abc"))
        #expect(try repository.fieldEditTimes(of: card.id) == ["": added])
        #expect(try repository.fieldEditTimes(of: arrived.id).isEmpty)
    }
}
