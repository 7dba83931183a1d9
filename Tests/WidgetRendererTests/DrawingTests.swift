import Barcodes
import Foundation
import Testing
import WalletTestSupport
import WidgetEngine
import WalletCore
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct DrawingTests {
    let renderer = RendererFixtures.renderer { card in
        card.format == .qr ? RendererFixtures.square(25) : RendererFixtures.linear(95, card.format!)
    }

    @Test func cornersAreTransparentAndTheBackgroundOpaque() throws {
        let entry = RendererFixtures.entry(.medium, [.card(RendererFixtures.card(1, "Alpha"))])
        let (pixels, notes) = try renderer.drawPixels(entry, options: RenderOptions(scale: 2, appearance: .dark))
        #expect(notes.isEmpty)
        #expect(pixels.width == 728 && pixels.height == 340)
        #expect(pixels.rgba(x: 0, y: 0).3 == 0)
        #expect(pixels.rgba(x: 727, y: 339).3 == 0)
        #expect(pixels.rgba(x: 364, y: 2) == (0x1C, 0x1C, 0x1E, 255))
        let colors = TilePalette(appearance: .dark, rendering: .fullColor).colors(brand: RGBColor(0x15, 0x65, 0xC0))
        #expect(colors.header != RGBColor(0x15, 0x65, 0xC0))  // dimmed in dark mode
        #expect(colors.header.contrast(with: colors.headerText) >= Theme.targetContrast)
        let header = pixels.rgba(x: 40, y: 20)
        #expect(RGBColor(header.0, header.1, header.2) == colors.header && header.3 == 255)  // the card's header band
        #expect(pixels.rgba(x: 40, y: 300) == (0x2C, 0x2C, 0x2E, 255))  // the dark body
    }

    @Test func barcodeModulesAreSharpBlackOnWhite() throws {
        let entry = RendererFixtures.entry(.small, [.card(RendererFixtures.card(1, "Alpha"))])
        let (pixels, _) = try renderer.drawPixels(entry, options: RenderOptions(scale: 3))
        // The 25-module code plus quiet zones fits the small tile; sample the middle row band.
        var colors = Set<String>()
        let y = pixels.height / 2 + 40
        for x in (pixels.width / 2 - 60)..<(pixels.width / 2 + 60) {
            let (r, g, b, _) = pixels.rgba(x: x, y: y)
            colors.insert("\(r),\(g),\(b)")
        }
        #expect(colors == ["0,0,0", "255,255,255"])
    }

    /// Grayscale antialiasing: dark text (#1C1C1E) on a white card leaves only blends of the two
    /// (red equal to green, blue at most 3 above after palette rounding), no RGB subpixel color
    /// fringes.
    @Test func textIsAntialiasedInGray() throws {
        let card = RendererFixtures.card(1, "Wide Store Name", format: nil, color: "#FFFFFF")
        let entry = RendererFixtures.entry(.small, [.card(card)])
        let (pixels, _) = try renderer.drawPixels(entry, options: RenderOptions(scale: 3))
        var grays = 0
        for y in 20..<(pixels.height - 20) {
            for x in 40..<(pixels.width - 40) {
                let (r, g, b, _) = pixels.rgba(x: x, y: y)
                #expect(r == g && b >= g && b - g <= 3, "pixel \(x), \(y) is \(r),\(g),\(b)")
                if r > 0 && r < 255 { grays += 1 }
            }
        }
        #expect(grays > 100)  // the text is antialiased, not bilevel
    }

    @Test func snapshotsArePaletteImagesKeepingBlackAndWhiteExact() throws {
        let cards = (1...4).map { RendererFixtures.card($0, "Store \($0)", format: $0 % 2 == 0 ? .qr : .ean13) }
        let entry = RendererFixtures.entry(.medium, cards.map(DisplaySlot.card))
        let (pixels, notes) = try renderer.drawPixels(entry, options: RenderOptions(scale: 3))
        #expect(notes.isEmpty)
        #expect(pixels.palette.count <= 256)
        #expect(pixels.palette[0] == (0, 0, 0, 255) && pixels.palette[1] == (255, 255, 255, 255))
    }

    @Test func cardsWithoutBarcodeOrRoomShowTheNumberAndSaySo() throws {
        let plain = RendererFixtures.card(1, "Plain", format: nil, code: "998877")
        let huge = RendererFixtures.card(2, "Huge", format: .qr)
        let wide = WidgetRenderer { card in
            card.format == nil ? nil : .success(RendererFixtures.square(177))
        }
        let entry = RendererFixtures.entry(.medium, [.card(plain), .card(huge)])
        let (_, notes) = try wide.drawPixels(entry, options: RenderOptions(scale: 2))
        #expect(
            notes == [
                .numberShownAsText(cardID: plain.id, store: "Plain", reason: .noBarcode),
                .numberShownAsText(cardID: huge.id, store: "Huge", reason: .doesNotFit(.largerScale(3))),
            ])
    }

    @Test func closeRangeNotesSayWhatWouldGiveThreePixels() throws {
        let code128 = RendererFixtures.renderer { _ in RendererFixtures.linear(134) }
        let cards = (1...4).map { RendererFixtures.card($0, "L\($0)", format: .code128) }
        let (_, crowded) = try code128.drawPixels(
            RendererFixtures.entry(.medium, cards.map(DisplaySlot.card)), options: RenderOptions(scale: 2))
        #expect(crowded == cards.map { .closeRangeOnly(cardID: $0.id, store: $0.store, remedy: .fewerCards) })
        let long = RendererFixtures.renderer { _ in RendererFixtures.linear(200) }
        let (_, small) = try long.drawPixels(RendererFixtures.entry(.small, [.card(cards[0])]), options: RenderOptions(scale: 3))
        #expect(small == [.closeRangeOnly(cardID: cards[0].id, store: "L1", remedy: .tooLongForWidgets)])
        #expect(small[0].description.contains("close range only; no widget tile does better"))
    }

    @Test func invalidBarcodeDataIsReported() throws {
        let broken = WidgetRenderer { card in .failure(.emptyPayload(card.format!)) }
        let card = RendererFixtures.card(1, "Broken", format: .ean13)
        let (_, notes) = try broken.drawPixels(RendererFixtures.entry(.small, [.card(card)]), options: RenderOptions())
        #expect(
            notes == [
                .numberShownAsText(
                    cardID: card.id, store: "Broken", reason: .invalid("empty payload: ean13 needs data to encode"))
            ])
    }

    @Test func anyScriptRendersWithoutMissingGlyphs() throws {
        let names = ["Пятёрочка", "ファミリーマート", "كارفور", "Café ☕ 🛒", "A very long store name that cannot possibly fit"]
        let cards = names.enumerated().map { RendererFixtures.card($0.offset + 1, $0.element) }
        let entry = RendererFixtures.entry(.large, cards.map(DisplaySlot.card))
        let (_, notes) = try renderer.drawPixels(entry, options: RenderOptions(scale: 2))
        #expect(notes.isEmpty)
    }

    @Test func glyphsNoFontHasAreReported() throws {
        let card = RendererFixtures.card(1, "Shop \u{10FFFD}")  // private-use plane: no font has it
        let (_, notes) = try renderer.drawPixels(RendererFixtures.entry(.small, [.card(card)]), options: RenderOptions())
        #expect(notes == [.missingGlyphs(text: "Shop \u{10FFFD}", count: 1)])
    }

    @Test func placeholderAndEmptyStateDraw() throws {
        let placeholder = RendererFixtures.entry(.large, SampleCards.all.map(DisplaySlot.card), kind: .placeholder)
        #expect(try renderer.drawPixels(placeholder, options: RenderOptions(scale: 1)).1.isEmpty)
        let empty = RendererFixtures.entry(.medium, [])
        #expect(try renderer.drawPixels(empty, options: RenderOptions(scale: 2)).1.isEmpty)
    }

    @Test func scaleOutsideOneToThreeIsRefused() {
        let entry = RendererFixtures.entry(.small, [])
        #expect(throws: RenderError.unsupportedScale(4)) { try renderer.drawPixels(entry, options: RenderOptions(scale: 4)) }
    }
}
