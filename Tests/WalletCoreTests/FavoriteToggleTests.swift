import Foundation
import Testing
import WalletTestSupport
import WalletCore

/// The widget star's write: it flips the favorite and raises the data generation in the same
/// transaction, so every widget showing the card (not only the tapped one) reloads.
@Suite struct FavoriteToggleTests {
    @Test func togglingRaisesTheDataGenerationEachTime() throws {
        let home = TemporaryContainer()
        let card = try home.repository().add(draft("Tesco"))
        let toggle = FavoriteToggle(container: home.container)
        let reader = try CardReader(container: home.container)
        let before = try reader.dataGeneration()
        #expect(try toggle.toggle(card.id) == true)
        let once = try reader.dataGeneration()
        #expect(once > before)
        #expect(try home.repository().card(id: card.id)?.favorite == true)
        #expect(try toggle.toggle(card.id) == false)
        #expect(try reader.dataGeneration() > once)
        #expect(try home.repository().card(id: card.id)?.favorite == false)
    }

    @Test func aMissingCardChangesNeitherFlagNorGeneration() throws {
        let home = TemporaryContainer()
        let card = try home.repository().add(draft("Tesco"))
        let before = try CardReader(container: home.container).dataGeneration()
        let missing = TestCards.id(99)
        #expect(throws: WalletStoreError.self) { try FavoriteToggle(container: home.container).toggle(missing) }
        #expect(try CardReader(container: home.container).dataGeneration() == before)
        #expect(try home.repository().card(id: card.id)?.favorite == false)
    }
}
