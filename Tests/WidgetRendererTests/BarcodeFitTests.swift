import Testing
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct BarcodeFitTests {
    private let noText: (Int) -> Int = { _ in 0 }

    @Test func squareCodesGetTheLargestWholeModuleThatFits() throws {
        let matrix = RendererFixtures.square(21)  // + 4X quiet zone each side = 29 modules
        let fit = try #require(BarcodeFit.fit(matrix, in: Rect(x: 10, y: 20, width: 300, height: 100), textHeight: noText))
        #expect(fit.module == 3)
        // 100 px / 3 = 33 modules: room for 2 extra white modules around the 29.
        #expect(fit.plate.width == 99 && fit.plate.height == 99)
        #expect(fit.origin.x == Int(fit.plate.x) + 18)
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
        #expect(fit.origin.x == Int(fit.plate.x) + 33)
        #expect(fit.rowHeight >= Int(0.15 * 339))
        let line = try #require(fit.textLine)
        #expect(line.maxY <= fit.plate.maxY)
    }

    @Test func linearCodesShrinkModulesWhenBarsWouldBeTooShort() throws {
        let matrix = RendererFixtures.linear(95, .ean13)
        let fit = try #require(BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 400, height: 60), textHeight: { _ in 10 }))
        #expect(fit.module == 2)
        #expect(BarcodeFit.fit(matrix, in: Rect(x: 0, y: 0, width: 400, height: 30), textHeight: { _ in 10 }) == nil)
    }
}
