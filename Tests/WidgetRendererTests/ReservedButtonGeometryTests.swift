import Barcodes
import Testing
import WidgetEngine
@_spi(Benchmarks) @testable import WidgetRenderer

/// `CardTileGeometry` with button rectangles reserved, and the lock screen's remedy notes.
@Suite struct ReservedButtonGeometryTests {
    let tile = Rect(x: 0, y: 0, width: 600, height: 200)
    let button = Rect(x: 540, y: 6, width: 48, height: 60)

    func geometry(_ reserved: [Rect]) -> CardTileGeometry {
        CardTileGeometry(tile: tile, style: TileStyle(family: .medium), scale: 2, nameHeight: 30, reserved: reserved)
    }

    @Test func theNameAndTheSpaceBelowKeepClearOfButtons() {
        let free = geometry([])
        let narrowed = geometry([button])
        #expect(narrowed.nameRect.maxX <= button.x - narrowed.pad / 2)
        #expect(narrowed.nameRect.y == free.nameRect.y && narrowed.nameRect.height == free.nameRect.height)
        let below = narrowed.spaceBelowName(linear: true)
        #expect(below.y >= button.maxY + narrowed.pad / 2)
        #expect(below.maxY == free.spaceBelowName(linear: true).maxY)
        #expect(below.width == tile.width)
        // A button outside the tile changes nothing.
        let elsewhere = geometry([Rect(x: 700, y: 0, width: 40, height: 40)])
        #expect(elsewhere.nameRect == free.nameRect && elsewhere.spaceBelowName(linear: false) == free.spaceBelowName(linear: false))
    }

    @Test func placedCodesNeverOverlapAButton() throws {
        let narrowed = geometry([button])
        for symbol in [RendererFixtures.square(25), RendererFixtures.linear(95), RendererFixtures.square(21, .aztec)] {
            let placement = try #require(narrowed.place(symbol) { _ in 20 })
            #expect(!placement.fit.plate.intersects(button), "\(symbol.symbology)")
        }
        let side = try #require(narrowed.place(RendererFixtures.square(25)) { _ in 20 })
        #expect(side.besideName && side.fit.plate.maxX <= button.x - narrowed.pad / 2)
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
