import Testing
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct TextEstimateTests {
    /// The layout planner's text heights (no fonts) are never below what Pango sets, for the name
    /// line and the number line at every scale and module size the renderer uses.
    @Test func estimatedLineHeightsCoverPango() throws {
        let canvas = try Canvas(width: 10, height: 10)
        let text = try TextPainter(canvas: canvas)
        for scale in 1...3 {
            for family in [TileStyle(family: .small), TileStyle(family: .medium)] {
                let size = family.nameSize * Double(scale)
                let name = TextStyle(bold: true, pixelSize: size, color: .black)
                #expect(TileStyle.estimatedNameHeight(pixelSize: size) >= text.lineHeight(name))
            }
            for module in 1...8 {
                let size = TileStyle.digitsPixelSize(module: module, scale: scale)
                let digits = TextStyle(family: "Monospace", pixelSize: size, color: .black)
                #expect(TileStyle.estimatedDigitsHeight(module: module, scale: scale) >= Int(text.lineHeight(digits).rounded(.up)))
            }
        }
    }
}
