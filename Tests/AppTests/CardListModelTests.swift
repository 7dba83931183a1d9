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

    @Test func aNewListKeepsTheItemsOfThePositionsThatStaySoGTKKeepsTheirRows() throws {
        let model = CardListModel()
        let (bakery, cinema, gym) = (card("Bakery"), card("Cinema"), card("Gym"))
        model.replace(with: [bakery, cinema, gym])
        let before = items(model)
        #expect(before.count == 3)
        #expect(before[0] != before[1] && before[1] != before[2] && before[0] != before[2], "one item per position")

        var starred = cinema
        starred.fields.favorite = true
        model.replace(with: [starred, bakery])
        #expect(items(model) == Array(before.prefix(2)), "the store only lost its last position")
        #expect(model.cards.map(\.id) == [cinema.id, bakery.id])
        #expect(model.card(at: 0)?.favorite == true, "each position reads the card now there")
        #expect(model.card(at: 1)?.id == bakery.id)
        #expect(model.card(at: 2) == nil)
        #expect(model.card(at: -1) == nil)
    }

    @Test func erasingASearchPutsBackTheSameItemsAndMakesNoneAnew() {
        let model = CardListModel()
        let all = (0..<50).map { card("Store \($0)") }
        model.replace(with: all)
        let before = items(model)
        model.replace(with: [all[7]])
        #expect(items(model) == [before[0]])
        model.replace(with: all)
        #expect(items(model) == before)
        model.replace(with: [])
        #expect(items(model).isEmpty && model.item(at: 0) == nil)
    }
}
