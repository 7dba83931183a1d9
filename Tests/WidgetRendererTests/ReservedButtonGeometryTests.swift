import Barcodes
import Testing
import WidgetEngine
import WalletCore
@_spi(Benchmarks) @testable import WidgetRenderer

/// `CardTileGeometry` with button rectangles reserved, and the lock screen's remedy notes.
@Suite struct ReservedButtonGeometryTests {
    let tile = Rect(x: 0, y: 0, width: 600, height: 200)
    let button = Rect(x: 540, y: 6, width: 48, height: 60)

    func geometry(_ reserved: [Rect]) -> CardTileGeometry {
        CardTileGeometry(tile: tile, metrics: Theme.tile(.medium), scale: 2, reserved: reserved)
    }

    @Test func theHeaderTextKeepsClearOfButtons() {
        let free = geometry([])
        let narrowed = geometry([button])
        #expect(narrowed.headerContent.maxX <= button.x - narrowed.pad / 2)
        #expect(narrowed.headerContent.y == free.headerContent.y && narrowed.headerContent.height == free.headerContent.height)
        #expect(narrowed.body == free.body && narrowed.body.width == tile.width)
        // A button outside the tile changes nothing.
        let elsewhere = geometry([Rect(x: 700, y: 0, width: 40, height: 40)])
        #expect(elsewhere.headerContent == free.headerContent)
    }

    @Test func placedCodesStayInTheBodyUnderTheButtons() throws {
        let narrowed = geometry([Rect(x: 560, y: 6, width: 36, height: 36)])
        for symbol in [RendererFixtures.square(25), RendererFixtures.linear(95), RendererFixtures.square(21, .aztec)] {
            let placement = try #require(narrowed.place(symbol) { _ in 20 })
            #expect(!placement.fit.plate.intersects(narrowed.reserved[0]), "\(symbol.symbology)")
            #expect(placement.fit.plate.y >= narrowed.header.maxY)
        }
        let side = try #require(narrowed.place(RendererFixtures.square(25)) { _ in 20 })
        #expect(side.besideInfo && side.fit.plate.maxX <= tile.maxX)
        #expect(narrowed.infoColumn(beside: side).maxX < side.fit.plate.x)
    }

    @Test func aLockScreenCodeThatFitsAtScale3SaysSo() throws {
        let card = RendererFixtures.card(1, "Long", format: .code128)
        // 172 pt wide: at 2x, 344 px hold fewer than 2 px per module of 150 + quiet zones; at 3x, 516 px do.
        let renderer = WidgetRenderer { _ in .success(RendererFixtures.linear(150)) }
        let entry = RendererFixtures.entry(.accessoryRectangular, [.card(card)])
        let (_, notes) = try renderer.draw(entry, options: RenderOptions(scale: 2))
        #expect(notes == [.numberShownAsText(cardID: card.id, store: "Long", reason: .doesNotFit(.largerScale(3)))])
        let (_, larger) = try renderer.draw(entry, options: RenderOptions(scale: 3))
        #expect(larger.isEmpty)
    }
}
