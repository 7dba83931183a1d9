import Testing
import Barcodes
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct BarcodeFitTests {
    private let noText: (Int) -> Int = { _ in 0 }

    @Test func squareCodesGetTheLargestWholeModuleThatFits() throws {
        let matrix = RendererFixtures.square(21)  // + 4X quiet zone each side = 29 modules
        let fit = try #require(BarcodeFit.fit(matrix, in: Rect(x: 10, y: 20, width: 300, height: 100), textHeight: noText))
        #expect(fit.module == 3)
        // The plate is the symbol and its standard quiet zone only: 29 modules of 3 px.
        #expect(fit.plate.width == 87 && fit.plate.height == 87)
        #expect(fit.origin.x == Int(fit.plate.x) + 12)
        #expect(fit.plate.x == fit.plate.x.rounded() && fit.plate.y == fit.plate.y.rounded())
    }

    @Test func belowTwoPixelsPerModuleIsNoFit() {
        let matrix = RendererFixtures.square(21)
        #expect(BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 57, height: 300), textHeight: noText) == nil)
        #expect(BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 58, height: 58), textHeight: noText)?.module == 2)
    }

    @Test func linearCodesKeepQuietZonesAndScannableBars() throws {
        let matrix = RendererFixtures.linear(95, .ean13)  // + 11 + 7 quiet modules = 113
        let fit = try #require(BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 400, height: 200), textHeight: { $0 * 5 }))
        #expect(fit.module == 3)
        // The plate spans the space's full width; the 339 px symbol is centred in it.
        #expect(fit.plate.x == 0 && fit.plate.width == 400)
        #expect(fit.origin.x == (400 - 339) / 2 + 33)
        #expect(fit.rowHeight >= Int(0.15 * 339))
        let line = try #require(fit.textLine)
        #expect(line.maxY <= fit.plate.maxY)
    }

    /// EAN-13 at 3 px needs 339 px: a half-width medium tile at scale 2 (342 px) gives it that.
    @Test func linearPlatesUseTheWholeWidth() throws {
        let matrix = RendererFixtures.linear(95, .ean13)
        let fit = try #require(BarcodeFit.fit(matrix, in: Rect(x: 16, y: 0, width: 342, height: 200), textHeight: { _ in 14 }))
        #expect(fit.module == 3)
        #expect(fit.plate.x == 16 && fit.plate.width == 342)
    }

    @Test func linearCodesShrinkModulesWhenBarsWouldBeTooShort() throws {
        let matrix = RendererFixtures.linear(95, .ean13)
        let fit = try #require(BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 400, height: 50), textHeight: { _ in 10 }))
        #expect(fit.module == 2)
        #expect(BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 400, height: 30), textHeight: { _ in 10 }) == nil)
    }

    /// Issue 37, item 8b: 3 px with bars 10 % of the width beats 2 px with bars of 15 %.
    @Test func aComfortableModuleTakesShorterBarsBeforeASmallerModule() throws {
        let matrix = RendererFixtures.linear(95, .ean13)  // 113 modules: 339 px at 3 px
        let short = try #require(
            BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 400, height: 60), textHeight: { _ in 10 }))
        #expect(short.module == 3 && short.rowHeight >= Int((0.10 * 339).rounded(.up)))
        #expect(short.rowHeight < Int(0.15 * 339))
        // Where the standard height fits, it is kept.
        let tall = try #require(
            BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 400, height: 90), textHeight: { _ in 10 }))
        #expect(tall.module == 3 && tall.rowHeight >= Int((0.15 * 339).rounded(.up)))
    }
}
