import Barcodes
import Foundation
import Testing
import WidgetEngine
@_spi(Benchmarks) @testable import WidgetRenderer

/// What a render does to stay inside a widget extension's memory: clean code pages released
/// before drawing (``CleanPages``) and each logo decoded once per render (``DecodedLogos``).
@Suite struct MemoryReleaseTests {
    /// A PNG of `width` x `height` drawn by the renderer itself.
    private func png(width: Int, height: Int) throws -> Data {
        let canvas = try Canvas(width: width, height: height)
        canvas.fillRoundedRect(
            Rect(x: 4, y: 4, width: Double(width - 8), height: Double(height - 8)), radius: 8, color: RGBColor(0x20, 0x80, 0xC0))
        return try SnapshotEncoding.png(WidgetRenderer.pixels(of: canvas))
    }

    @Test func releasedCodePagesComeBackAndTheRenderIsTheSame() throws {
        let entry = RendererFixtures.entry(.medium, [.card(RendererFixtures.card(1, "Store 1", format: .qr, code: "M-1"))])
        let options = RenderOptions(scale: 2)
        let before = try WidgetRenderer.live.render(entry, options: options).png
        #expect(CleanPages.release() > 0)
        let after = try WidgetRenderer.live.render(entry, options: options).png
        #expect(after == before)
    }

    @Test func aLogoIsDecodedOnceAndSharedByIdenticalPNGs() throws {
        let logos = DecodedLogos()
        let art = try png(width: 480, height: 150)
        let first = try #require(logos.image(of: art))
        #expect(logos.image(of: Data(art)) === first)
        #expect(logos.image(of: Data("not a png at all".utf8)) == nil)
    }

    @Test func logosPastTheBudgetAreDecodedEachTime() throws {
        let logos = DecodedLogos()
        let big = try png(width: 600, height: 600)  // 1.4 MB decoded: over the 1 MB budget
        let first = try #require(logos.image(of: big))
        #expect(logos.image(of: big) !== first)
        let small = try png(width: 100, height: 40)
        #expect(logos.image(of: small) === logos.image(of: small))
    }
}
