import Foundation
import Testing
import WalletCore

@testable import App

@Suite struct CardListModelTests {
    private func card(_ store: String, favorite: Bool = false) -> Card {
        Card(fields: CardFields(store: store, code: "1", favorite: favorite), createdAt: Date(timeIntervalSince1970: 0))
    }

    /// The store's items, as the list view sees them.
    private func items(_ model: CardListModel) -> [UnsafeMutableRawPointer?] {
        (0..<model.cards.count).map { model.item(at: $0) }
    }

    @Test func anUnchangedCardKeepsItsItemSoItsRowIsNotBoundAgain() throws {
        let model = CardListModel()
        let (bakery, cinema, gym) = (card("Bakery"), card("Cinema"), card("Gym"))
        model.replace(with: [bakery, cinema, gym], fresh: false)
        let before = items(model)
        #expect(before.count == 3)

        var starred = cinema
        starred.fields.favorite = true
        model.replace(with: [starred, bakery], fresh: false)
        let after = items(model)
        #expect(after.count == 2)
        #expect(after[1] == before[0], "Bakery is unchanged: the same item")
        #expect(after[0] != before[1], "Cinema changed: a new item, so its row is bound again")
        #expect(model.cards.map(\.id) == [cinema.id, bakery.id])
        #expect(model.card(id: cinema.id)?.favorite == true)
        #expect(model.card(id: gym.id) == nil)
        #expect(model.card(for: after[0])?.id == cinema.id)
    }

    @Test func aFreshListMakesEveryItemAnew() {
        let model = CardListModel()
        let bakery = card("Bakery")
        model.replace(with: [bakery], fresh: false)
        let before = items(model)
        model.replace(with: [bakery], fresh: true)
        #expect(items(model) != before)
    }
}
