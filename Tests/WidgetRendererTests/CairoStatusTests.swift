internal import CPangoCairo
import Testing
@_spi(Benchmarks) @testable import WidgetRenderer

/// Cairo's status reaches ``RenderError`` with its number and text, for surfaces and draws.
@Suite struct CairoStatusTests {
    @Test func anImpossibleSurfaceKeepsCairosStatus() {
        let invalidSize = Int32(CAIRO_STATUS_INVALID_SIZE.rawValue)
        #expect(
            throws: RenderError.surfaceFailed(
                width: 40_000, height: 1, status: invalidSize,
                message: String(cString: cairo_status_to_string(CAIRO_STATUS_INVALID_SIZE)))
        ) {
            try Canvas(width: 40_000, height: 1)
        }
    }

    @Test func aDrawThatLeftCairoInErrorIsRefused() throws {
        let canvas = try Canvas(width: 4, height: 4)
        try canvas.checkStatus()
        cairo_restore(canvas.context)  // a restore without a save puts the context in error
        let status = CAIRO_STATUS_INVALID_RESTORE
        #expect(
            throws: RenderError.drawingFailed(
                status: Int32(status.rawValue), message: String(cString: cairo_status_to_string(status)))
        ) {
            try canvas.checkStatus()
        }
    }
}
