import Barcodes
import Foundation
import Testing
import WalletCore
import WidgetEngine
@_spi(Benchmarks) @testable import WidgetRenderer

/// Snapshots are drawn band by band (``PictureBands``): the bands must add up to exactly the
/// picture one whole canvas gives, in every rendering, with logos and codes crossing band edges.
@Suite struct BandedRenderingTests {
    private let renderer = WidgetRenderer.live

    /// A 480 x 150 logo (a ring and a bar on transparency), drawn and encoded by the renderer itself.
    private func logo() throws -> Data {
        let canvas = try Canvas(width: 480, height: 150)
        canvas.strokeRoundedRect(Rect(x: 10, y: 20, width: 110, height: 110), radius: 55, lineWidth: 12, color: .white)
        canvas.fillRoundedRect(Rect(x: 140, y: 50, width: 320, height: 50), radius: 8, color: RGBColor(0xFF, 0xC8, 0x32))
        return try SnapshotEncoding.png(WidgetRenderer.pixels(of: canvas))
    }

    /// A large widget of eight cards (2D and linear codes), every other one with a logo.
    private func largeEntry() throws -> TimelineEntry {
        let formats: [(Symbology, String)] = [
            (.qr, "https://example.com/m/1"), (.ean13, "4006381333931"), (.aztec, "MEMBER-1 Gold"), (.pdf417, "MEMBER-2"),
        ]
        let cards = (0..<8).map { index in
            RendererFixtures.card(index + 1, "Store \(index + 1)", format: formats[index % 4].0, code: formats[index % 4].1)
        }
        var entry = RendererFixtures.entry(.large, cards.map(DisplaySlot.card))
        let art = try logo()
        for card in cards.enumerated() where card.offset % 2 == 0 { entry.logos[card.element.id] = art }
        return entry
    }

    @Test(arguments: [RenderingMode.fullColor, .accented, .vibrant])
    func bandsGiveThePNGOfOneCanvas(_ rendering: RenderingMode) throws {
        let entry = try largeEntry()
        let options = RenderOptions(scale: 3, rendering: rendering)
        let vibrant = rendering == .vibrant
        let whole = try renderer.drawBands(entry, options: options, bandBytes: .max)
        let banded = try renderer.drawBands(entry, options: options)
        let thin = try renderer.drawBands(entry, options: options, bandBytes: 64 * 1024)
        #expect(whole.bandHeight == whole.height)
        #expect(banded.bandHeight < banded.height)  // the default draws a large widget in bands
        #expect(thin.bandHeight < 20)
        let expected = try WidgetRenderer.png(of: whole, vibrant: vibrant)
        #expect(try WidgetRenderer.png(of: banded, vibrant: vibrant) == expected)
        #expect(try WidgetRenderer.png(of: thin, vibrant: vibrant) == expected)
        #expect(try renderer.render(entry, options: options).png == expected)
        if !vibrant {
            let (canvas, _) = try renderer.draw(entry, options: options)
            #expect(try SnapshotEncoding.png(WidgetRenderer.pixels(of: canvas)) == expected)
        }
    }

    @Test func theLayoutReportAndNotesComeFromOnePainting() throws {
        let entry = try largeEntry()
        let options = RenderOptions(scale: 3)
        let banded = LayoutRecorder(scale: 3)
        let rendered = try renderer.render(entry, options: options, recorder: banded)
        let whole = LayoutRecorder(scale: 3)
        let (_, notes) = try renderer.draw(entry, options: options, recorder: whole)
        #expect(banded.json() == whole.json())
        #expect(!banded.texts.isEmpty && banded.images.count == 4)
        #expect(rendered.notes.map(\.description) == notes.map(\.description))
    }

    @Test func aBandThatFailsToDrawFailsTheSnapshot() throws {
        var paintings = 0
        let bands = try PictureBands(width: 100, height: 100, bandBytes: 4000) { canvas throws(RenderError) -> [RenderNote] in
            paintings += 1
            if paintings == 3 { throw .drawingFailed(status: 1, message: "no memory") }
            canvas.fillSharpRects([Rect(x: 0, y: 0, width: 100, height: 100)], color: .white)
            return []
        }
        #expect(throws: RenderError.drawingFailed(status: 1, message: "no memory")) {
            try WidgetRenderer.png(of: bands, vibrant: false)
        }
        #expect(bands.failure != nil)
    }
}
