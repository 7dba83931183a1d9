import Foundation
import Testing

@testable import WalletCore

/// Issue 37, item 4: a card keeps one colour everywhere. Generated colours are assigned over the
/// whole wallet, never per widget; where they clash it is the generated one that moves.
@Suite struct WalletColorsTests {
    private func card(_ store: String, color: String? = nil, added seconds: Double = 0) throws -> Card {
        try CardFields(store: store, code: "1", color: color).card(createdAt: Date(timeIntervalSince1970: seconds))
    }

    /// The hue as the assignment measures it (OKLab degrees).
    private func hue(_ hex: String) throws -> Double {
        PerceptualHue.degrees(rgb: try #require(CardColor.rgbValue(hex)))
    }

    /// Six generated colours keep 40 degrees (less the few a store's own saturation and
    /// lightness move a hue); eight, more than the wheel holds at 40, keep 30.
    @Test(arguments: [(6, 35.0), (8, 30.0)])
    func generatedColoursOfASmallWalletKeepTheirDistance(count: Int, distance: Double) throws {
        let cards = try (0..<count).map { try card("Store number \($0)", added: Double($0)) }
        let colors = WalletColors(cards)
        let hues = try cards.map { try hue(colors.color(of: $0)) }
        for (index, hue) in hues.enumerated() {
            for other in hues[..<index] {
                #expect(WalletColors.distance(hue, other) >= distance)
            }
        }
    }

    @Test func anOwnColourStaysAndTheGeneratedOneMovesInAnyOrder() throws {
        let own = try card("Own green", color: "#2E7D32")
        let ownHue = try hue("#2E7D32")
        let near = try #require(
            (0..<400).map { "Store \($0)" }.first { store in
                WalletColors.distance(
                    PerceptualHue.degrees(rgb: CardColor.rgbValue(CardColor.derived(fromStore: store)) ?? 0), ownHue) < 20
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
        #expect(gaps.min()! >= 1.5, "\(gaps.min()!)")
    }

    /// Two greens 35 HSL degrees apart read as two greens: on the OKLab wheel they are closer.
    @Test func huesAreMeasuredAsTheEyeSpacesThem() {
        let teal = CardColor.rgb(hue: 150, saturation: 0.6, lightness: 0.43)
        let leaf = CardColor.rgb(hue: 115, saturation: 0.6, lightness: 0.43)
        let blue = CardColor.rgb(hue: 230, saturation: 0.6, lightness: 0.43)
        let violet = CardColor.rgb(hue: 265, saturation: 0.6, lightness: 0.43)
        let greens = WalletColors.distance(PerceptualHue.degrees(rgb: teal), PerceptualHue.degrees(rgb: leaf))
        let blues = WalletColors.distance(PerceptualHue.degrees(rgb: blue), PerceptualHue.degrees(rgb: violet))
        #expect(greens < WalletColors.minimumHueDistance && blues > greens)
    }

    @Test func greysAndUnreadableColoursAreNoObstacle() throws {
        let grey = try card("Grey", color: "#777777")
        let generated = try card("Store 1", added: 1)
        #expect(WalletColors([grey, generated]).color(of: generated) == generated.color)
    }
}
