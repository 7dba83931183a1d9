import Testing
import WalletCore
@testable import WidgetRenderer
import Foundation

/// Tile colours: every text colour keeps the contrast target on what it is drawn on, in every
/// appearance and rendering; a card's colour is drawn as it comes (``WalletColors`` spreads
/// generated ones over the wallet); dark mode is dark.
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
