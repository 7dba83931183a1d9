import Foundation
import Testing
import WalletCore

@testable import App

@Suite struct CardShelfTests {
    private func card(
        _ store: String, groups: [String] = [], archived: Bool = false, favorite: Bool = false,
        balance: String? = nil, expiry: String? = nil
    ) -> Card {
        Card(
            fields: CardFields(
                store: store, code: "1", favorite: favorite, archived: archived, expiry: expiry, balance: balance,
                currency: balance == nil ? nil : "EUR", groups: groups),
            createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func theChipsAreAllCardsEachGroupInUseInCreationOrderThenArchived() {
        let cards = [
            card("Bakery", groups: ["Food"]), card("Cinema", groups: ["Fun", "Food"]),
            card("Old gym", groups: ["Sport"], archived: true),
        ]
        #expect(
            CardShelf.shelves(groups: ["Sport", "Fun", "Food", "Empty"], cards: cards) == [
                .all, .group("Fun"), .group("Food"), .archived,
            ])
    }

    @Test func aWalletWithoutGroupsOrArchivedCardsHasOnlyAllCards() {
        #expect(CardShelf.shelves(groups: [], cards: [card("Bakery")]) == [.all])
        #expect(CardShelf.shelves(groups: ["Food"], cards: []) == [.all])
    }

    @Test func archivedCardsShowOnlyOnTheirOwnShelf() {
        let old = card("Old gym", groups: ["Sport"], archived: true)
        let gym = card("Gym", groups: ["Sport"])
        #expect(!CardShelf.all.admits(old) && CardShelf.all.admits(gym))
        #expect(!CardShelf.group("Sport").admits(old) && CardShelf.group("Sport").admits(gym))
        #expect(CardShelf.archived.admits(old) && !CardShelf.archived.admits(gym))
        #expect(!CardShelf.group("Food").admits(gym))
    }

    @Test func aShelfThatIsGoneFallsBackToAllCards() {
        let shelves: [CardShelf] = [.all, .group("Food")]
        #expect(CardShelf.group("Food").kept(among: shelves) == .group("Food"))
        #expect(CardShelf.group("Sport").kept(among: shelves) == .all)
        #expect(CardShelf.archived.kept(among: shelves) == .all)
    }

    @Test func theChipsAreNamedForPeople() {
        #expect(CardShelf.all.title == "All cards")
        #expect(CardShelf.archived.title == "Archived")
        #expect(CardShelf.group("Café & Co").title == "Café & Co")
    }

    @Test func theStateLineGivesTheBalanceBeforeTheExpiry() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        let line = CardRowView.stateLine(card("Gift", balance: "12.50", expiry: "2027-03-31"), now: now)
        #expect(line == "12.50 EUR · Expires 2027-03-31")
        #expect(CardRowView.stateLine(card("Plain"), now: now) == "")
    }
}
