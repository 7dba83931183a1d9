import Testing
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct TextEstimateTests {
    /// The layout planner's number line height (no fonts) is never below what Pango sets, at
    /// every scale the renderer uses.
    @Test func estimatedLineHeightsCoverPango() throws {
        let canvas = try Canvas(width: 10, height: 10)
        let text = try TextPainter(canvas: canvas)
        for scale in 1...3 {
            let digits = BarcodePainter.digitsStyle(scale: scale)
            #expect(CardTileGeometry.estimatedDigitsHeight(scale: scale) >= Int(text.lineHeight(digits).rounded(.up)))
        }
    }
}
