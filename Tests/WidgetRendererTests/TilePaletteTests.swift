import Testing
import WalletCore
@testable import WidgetRenderer
import Foundation

/// Tile colours: every text colour keeps the contrast target on what it is drawn on, in every
/// appearance and rendering; generated colours spread in hue; dark mode is dark.
@Suite struct TilePaletteTests {
    let brands: [RGBColor] = [
        RGBColor(0x81, 0x9E, 0x24), RGBColor(0xFF, 0xFF, 0xFF), RGBColor(0x00, 0x00, 0x00), RGBColor(0xF9, 0xA8, 0x25),
        RGBColor(0x0A, 0x84, 0xFF), RGBColor(0x77, 0x77, 0x77), RGBColor(0xD3, 0x2F, 0x2F),
    ]

    @Test(arguments: [Appearance.light, .dark], [RenderingMode.fullColor, .accented, .vibrant])
    func everyTextColourKeepsItsContrast(appearance: Appearance, rendering: RenderingMode) {
        let palette = TilePalette(appearance: appearance, rendering: rendering)
        for brand in brands {
            let colors = palette.colors(brand: brand)
            #expect(colors.headerText.contrast(with: colors.header) >= Theme.targetContrast, "\(brand)")
            #expect(colors.headerSecondary.contrast(with: colors.header) >= Theme.targetContrast, "\(brand)")
            #expect(colors.bodyText.contrast(with: colors.body) >= Theme.targetContrast)
            #expect(colors.bodySecondary.contrast(with: colors.body) >= Theme.targetContrast)
            #expect(colors.bodyEmphasis.contrast(with: colors.body) >= Theme.targetContrast)
        }
        #expect(palette.secondaryText.contrast(with: palette.background) >= Theme.targetContrast)
    }

    @Test func darkModeIsDarkAndDimsBrandColours() {
        let light = TilePalette(appearance: .light, rendering: .fullColor)
        let dark = TilePalette(appearance: .dark, rendering: .fullColor)
        #expect(dark.background.luminance < 0.02 && dark.body.luminance < 0.03)
        let brand = RGBColor(0x2E, 0x7D, 0x32)
        #expect(dark.colors(brand: brand).header.luminance < light.colors(brand: brand).header.luminance)
    }

    @Test func generatedColoursOfNeighbouringTilesSpreadInHue() throws {
        let stores = (0..<8).map { "Store number \($0)" }
        let cards = try stores.map { try CardFields(store: $0, code: "1").card(createdAt: .init(timeIntervalSince1970: 0)) }
        let colors = TilePalette(appearance: .light, rendering: .fullColor).colors(for: cards).compactMap { $0?.header.hsl }
        for (index, color) in colors.enumerated() where color.saturation > 0.15 {
            for other in colors[..<index] where other.saturation > 0.15 {
                #expect(TilePalette.distance(color.hue, other.hue) >= TilePalette.minimumHueDistance - 1)
            }
        }
    }

    /// Issue 37, item 4: a card's colour does not depend on its slot or the family, and a
    /// generated colour moves away from a card's own colour, whichever comes first.
    @Test func aGeneratedColourMovesAwayFromAnOwnColourInAnyOrder() throws {
        let created = Date(timeIntervalSince1970: 0)
        let own = try CardFields(store: "Own green", code: "1", color: "#2E7D32").card(createdAt: created)
        // A store whose generated colour is near the own green would clash; find one.
        let stores = (0..<400).map { "Store \($0)" }
        let near = try #require(
            stores.first { store in
                let hue = RGBColor(hex: CardColor.derived(fromStore: store))?.hsl
                return hue.map { $0.saturation > 0.15 && TilePalette.distance($0.hue, RGBColor(0x2E, 0x7D, 0x32).hsl.hue) < 20 }
                    ?? false
            })
        let generated = try CardFields(store: near, code: "2").card(createdAt: created)
        let palette = TilePalette(appearance: .light, rendering: .fullColor)
        let first = palette.colors(for: [generated, own]), second = palette.colors(for: [own, nil, generated])
        #expect(first[1]?.header == RGBColor(0x2E, 0x7D, 0x32) && second[0]?.header == RGBColor(0x2E, 0x7D, 0x32))
        #expect(first[0] == second[2])
        let hue = try #require(first[0]?.header.hsl.hue)
        #expect(TilePalette.distance(hue, RGBColor(0x2E, 0x7D, 0x32).hsl.hue) >= TilePalette.minimumHueDistance - 1)
    }

    @Test func aChosenColourIsKeptAsItIs() throws {
        let card = try CardFields(store: "Green", code: "1", color: "#2E7D32").card(createdAt: .init(timeIntervalSince1970: 0))
        let twin = card
        let colors = TilePalette(appearance: .light, rendering: .fullColor).colors(for: [card, twin])
        #expect(colors[0]?.header == RGBColor(0x2E, 0x7D, 0x32) && colors[1]?.header == RGBColor(0x2E, 0x7D, 0x32))
    }

    @Test func expiryLinesSayHowSoonAndEmphasiseTheLastWeek() {
        #expect(TileInfo.expiryLine(days: -1, day: "2026-01-01").text == "Expired")
        #expect(
            TileInfo.expiryLine(days: 5, day: "2026-01-01")
                == TileInfo.Line(text: "Expires in 5 days", emphasised: true, short: "5 days left"))
        #expect(!TileInfo.expiryLine(days: 30, day: "2026-01-01").emphasised)
    }
}
