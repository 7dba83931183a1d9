import Foundation
import Testing

@testable import WalletCore

/// Issue 37, item 4: a card keeps one colour everywhere. Generated colours are assigned over the
/// whole wallet, never per widget; where they clash it is the generated one that moves.
@Suite struct WalletColorsTests {
    private func card(_ store: String, color: String? = nil, added seconds: Double = 0) throws -> Card {
        try CardFields(store: store, code: "1", color: color).card(createdAt: Date(timeIntervalSince1970: seconds))
    }

    private func hue(_ hex: String) throws -> Double {
        CardColor.hsl(rgb: try #require(CardColor.rgbValue(hex))).hue
    }

    @Test func generatedColoursOfASmallWalletKeepTheirDistance() throws {
        let cards = try (0..<8).map { try card("Store number \($0)", added: Double($0)) }
        let colors = WalletColors(cards)
        let hues = try cards.map { try hue(colors.color(of: $0)) }
        for (index, hue) in hues.enumerated() {
            for other in hues[..<index] {
                #expect(WalletColors.distance(hue, other) >= WalletColors.minimumHueDistance - 1)
            }
        }
    }

    @Test func anOwnColourStaysAndTheGeneratedOneMovesInAnyOrder() throws {
        let own = try card("Own green", color: "#2E7D32")
        let ownHue = try hue("#2E7D32")
        let near = try #require(
            (0..<400).map { "Store \($0)" }.first { store in
                WalletColors.distance(CardColor.derivedHSL(fromStore: store).hue, ownHue) < 20
            })
        let generated = try card(near, added: 1)
        for wallet in [[own, generated], [generated, own]] {
            let colors = WalletColors(wallet)
            #expect(colors.color(of: own) == "#2E7D32")
            #expect(colors.color(of: generated) != generated.color)
            let moved = try hue(colors.color(of: generated))
            #expect(WalletColors.distance(moved, ownHue) >= WalletColors.minimumHueDistance - 1)
            // Saturation and lightness stay the store's.
            let derived = CardColor.derivedHSL(fromStore: near)
            let shown = CardColor.hsl(rgb: try #require(CardColor.rgbValue(colors.color(of: generated))))
            #expect(abs(shown.lightness - derived.lightness) < 0.01)
        }
    }

    @Test func aColourDependsOnTheWalletNotOnTheOrderOrTheCardsShownTogether() throws {
        let cards = try (0..<12).map { try card("Shop \($0 % 5)", added: Double($0)) }
        let colors = WalletColors(cards)
        let reversed = WalletColors(cards.reversed())
        for card in cards { #expect(colors.color(of: card) == reversed.color(of: card)) }
        // A card added later moves no earlier card's colour.
        let later = WalletColors(cards + [try card("Shop 1", added: 100)])
        for card in cards { #expect(colors.color(of: card) == later.color(of: card)) }
    }

    @Test func cardsOfOneStoreGetDifferentColours() throws {
        let first = try card("Tesco", added: 0), second = try card("Tesco", added: 1)
        let colors = WalletColors([second, first])
        #expect(colors.color(of: first) == first.color)
        let distance = WalletColors.distance(try hue(colors.color(of: first)), try hue(colors.color(of: second)))
        #expect(distance >= WalletColors.minimumHueDistance - 1)
        #expect(colors.shown(second).color == colors.color(of: second) && colors.shown(first) == first)
    }

    /// A wallet too full for 40 degrees between every pair still gives no two generated
    /// colours the same hue: they spread as far apart as the wheel allows.
    @Test func aFullWalletStillGivesEveryGeneratedColourItsOwnHue() throws {
        let cards = try (0..<60).map { try card("Card \($0 % 20)", added: Double($0)) }
        let colors = WalletColors(cards)
        let hues = try cards.map { try hue(colors.color(of: $0)) }.sorted()
        let gaps = zip(hues, hues.dropFirst()).map { $1 - $0 } + [360 - hues.last! + hues.first!]
        #expect(gaps.min()! >= 2.5, "\(gaps.min()!)")
    }

    @Test func greysAndUnreadableColoursAreNoObstacle() throws {
        let grey = try card("Grey", color: "#777777")
        let generated = try card("Store 1", added: 1)
        #expect(WalletColors([grey, generated]).color(of: generated) == generated.color)
    }
}
