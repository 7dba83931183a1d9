import Barcodes
import Foundation
import Testing
import WalletCore
import WidgetEngine
import WalletTestSupport
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct LockScreenRenderingTests {
    let renderer = RendererFixtures.renderer { card in
        card.format == .qr ? RendererFixtures.square(25) : RendererFixtures.linear(95, card.format!)
    }

    private func stepping(_ card: Card, count: Int = 3) -> TimelineEntry {
        var entry = RendererFixtures.entry(.small, [.card(card)])
        entry.stepping = Stepping(index: 0, count: count)
        return entry
    }

    @Test func renderingDefaultsToVibrantOnTheLockScreenOnly() {
        let options = RenderOptions()
        #expect(options.rendering(for: .accessoryCircular) == .vibrant)
        #expect(options.rendering(for: .small) == .fullColor)
        #expect(RenderOptions(rendering: .accented).rendering(for: .accessoryInline) == .accented)
    }

    @Test func vibrantSnapshotsAreGrayAlphaPNGs() throws {
        let entry = RendererFixtures.entry(.accessoryRectangular, [.card(RendererFixtures.card(1, "Alpha", format: .ean13))])
        let snapshot = try WidgetRenderer.live.render(entry, options: RenderOptions(scale: 2))
        #expect(snapshot.width == 344 && snapshot.height == 152)
        #expect(Array(snapshot.png[12..<16]) == Array("IHDR".utf8))
        #expect(snapshot.png[25] == 4)  // colour type: gray+alpha
        let full = try WidgetRenderer.live.render(entry, options: RenderOptions(scale: 2, rendering: .fullColor))
        #expect(full.png[25] == 3)  // palette
    }

    @Test func vibrantKeepsPlatesOpaqueAndTheBackgroundTransparent() throws {
        let entry = RendererFixtures.entry(.accessoryRectangular, [.card(RendererFixtures.card(1, "Alpha", format: .qr))])
        let (canvas, notes) = try renderer.draw(entry, options: RenderOptions(scale: 3))
        #expect(notes.isEmpty)
        let bytes = VibrantConversion.grayAlpha(canvas)
        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8) {
            (bytes[(y * canvas.width + x) * 2], bytes[(y * canvas.width + x) * 2 + 1])
        }
        #expect(pixel(0, 0) == (0, 0))  // outside the rounded backdrop
        #expect(pixel(canvas.width / 5, canvas.height - 10) == (0, 148))  // the translucent black backdrop (58 %)
        // the code (plate: symbol and quiet zone) sits in the right part: opaque black and white only on its row band
        var values = Set<String>()
        for x in (canvas.width * 6 / 10)..<(canvas.width * 85 / 100) {
            let (gray, alpha) = pixel(x, canvas.height / 2)
            values.insert("\(gray)/\(alpha)")
        }
        #expect(values == ["0/255", "255/255"])
    }

    @Test func accentedTintsEverythingButThePlates() throws {
        let cards = [RendererFixtures.card(1, "Alpha", format: .qr), RendererFixtures.card(2, "Beta", format: .ean13)]
        let entry = RendererFixtures.entry(.medium, cards.map(DisplaySlot.card))
        let (canvas, _) = try renderer.draw(entry, options: RenderOptions(scale: 2, rendering: .accented))
        let pixels = WidgetRenderer.pixels(of: canvas)
        var colours = Set<String>()
        for y in stride(from: 0, to: canvas.height, by: 2) {
            for x in 0..<canvas.width {
                let c = pixels.rgba(x: x, y: y)
                colours.insert("\(c.0),\(c.1),\(c.2),\(c.3)")
            }
        }
        #expect(colours.contains("0,0,0,255") && colours.contains("255,255,255,255"))  // the plates
        #expect(!colours.contains("21,101,192,255"))  // the card colour is tinted away
        let pale = AccentTint.pale, deep = AccentTint.deep
        #expect(
            AccentTint.tinted(0xFFFF_FFFF) == 0xFF00_0000 | UInt32(pale.red) << 16 | UInt32(pale.green) << 8 | UInt32(pale.blue))
        #expect(AccentTint.tinted(0) == 0)
        #expect(
            AccentTint.tinted(0xFF00_0000) == 0xFF00_0000 | UInt32(deep.red) << 16 | UInt32(deep.green) << 8 | UInt32(deep.blue))
        // White text on the darkest surface keeps its contrast once tinted.
        #expect(pale.contrast(with: AccentTint.color(luma: 0.25)) >= Theme.minimumContrast)
    }

    @Test func buttonsKeepClearOfEveryPlate() throws {
        let formats: [Symbology] = [.qr, .ean13, .qr, .code128]
        let cards = formats.enumerated().map {
            RendererFixtures.card($0.offset + 1, "Store with a long name \($0.offset)", format: $0.element)
        }
        for entry in [
            RendererFixtures.entry(.medium, cards.map(DisplaySlot.card)),
            RendererFixtures.entry(.large, cards.map(DisplaySlot.card)), stepping(cards[0]), stepping(cards[1]),
        ] {
            for scale in [2, 3] {
                let options = RenderOptions(scale: scale)
                let layout = renderer.layout(for: entry, options: options)
                let buttons = WidgetButton.buttons(for: entry, layout: layout)
                #expect(buttons.count == (entry.family == .small ? 2 : 4))
                let reserved = buttons.map { $0.rect.scaledToWholeUnits(Double(scale)) }
                let plates = PlateRecorder()
                let canvas = try Canvas(width: Int(layout.bounds.width) * scale, height: Int(layout.bounds.height) * scale)
                let drawer = WidgetDrawer(
                    entry: entry, layout: layout, scale: scale,
                    palette: TilePalette(appearance: .light, rendering: .fullColor), barcode: renderer.barcode,
                    plates: plates, reserved: reserved)
                // Every code is drawn (a 2 px code adds a close-range note, never a number as text).
                let notes = try drawer.draw(on: canvas)
                #expect(!notes.contains { if case .numberShownAsText = $0 { true } else { false } }, "\(notes)")
                #expect(plates.plates.count == entry.cards.count)
                for plate in plates.plates {
                    #expect(!reserved.contains { $0.intersects(plate) }, "\(entry.family) x\(scale): \(plate)")
                }
            }
        }
    }

    @Test func buttonsOnlyOnLiveEntriesThatNeedThem() {
        let card = RendererFixtures.card(1, "Alpha")
        let size = PointSize(width: 170, height: 170)
        let layout = WidgetLayout(family: .small, size: size, slotCount: 1)
        #expect(WidgetButton.buttons(for: stepping(card), layout: layout).map(\.intent) == [.previousCard, .nextCard])
        #expect(WidgetButton.buttons(for: stepping(card, count: 1), layout: layout).isEmpty)
        #expect(WidgetButton.buttons(for: RendererFixtures.entry(.small, [.card(card)]), layout: layout).isEmpty)
        var placeholder = stepping(card)
        placeholder.kind = .placeholder
        #expect(WidgetButton.buttons(for: placeholder, layout: layout).isEmpty)
        let medium = RendererFixtures.entry(.medium, [.card(card), .empty], kind: .sample)
        #expect(WidgetButton.buttons(for: medium, layout: WidgetLayout(family: .medium, size: size, slotCount: 2)).isEmpty)
    }

    @Test func tapsOnButtonsReachTheButtonAndElsewhereTheCard() throws {
        let card = RendererFixtures.card(1, "Alpha")
        let map = renderer.tapMap(for: stepping(card), options: RenderOptions())
        let next = try #require(map.buttons.last)
        #expect(map.target(atX: next.rect.x + 1, y: next.rect.y + 1) == .button(next))
        #expect(map.target(atX: 10, y: 150) == .link("wallet://card/\(card.id.lowercasedText)"))
        #expect(map.target(atX: 200, y: 10) == nil)
        let lock = renderer.tapMap(for: RendererFixtures.entry(.accessoryCircular, [.card(card)]), options: RenderOptions())
        #expect(lock.buttons.isEmpty && lock.widgetURL == "wallet://card/\(card.id.lowercasedText)")
        #expect(lock.bounds == Rect(x: 0, y: 0, width: 76, height: 76))
    }

    @Test func cacheKeysFollowTheRenderingAndTheFavoriteFlag() {
        var card = RendererFixtures.card(1, "Alpha")
        let entry = RendererFixtures.entry(.medium, [.card(card)])
        let vibrant = SnapshotKey(entry: entry, options: RenderOptions(rendering: .vibrant))
        #expect(vibrant != SnapshotKey(entry: entry, options: RenderOptions()))
        card.favorite = true
        #expect(
            SnapshotKey(entry: RendererFixtures.entry(.medium, [.card(card)]), options: RenderOptions())
                != SnapshotKey(entry: entry, options: RenderOptions()))
    }

    @Test func accessoryFamiliesDrawTheirStatesWithoutNotes() throws {
        let qr = RendererFixtures.card(1, "Green Grocer", format: .qr)
        for family in WidgetFamily.allCases where family.isAccessory {
            for slots in [[DisplaySlot.card(qr)], []] {
                for kind in [TimelineEntry.Kind.timeline, .placeholder] {
                    for rendering in RenderingMode.allCases {
                        let entry = RendererFixtures.entry(family, slots, kind: kind)
                        let (_, notes) = try renderer.draw(entry, options: RenderOptions(scale: 2, rendering: rendering))
                        #expect(notes.isEmpty, "\(family) \(kind) \(rendering)")
                    }
                }
            }
        }
        #expect(AccessoryDrawer.monogram("Green Grocer") == "GG")
        #expect(AccessoryDrawer.monogram("bakery") == "B")
        #expect(AccessoryDrawer.monogram("  ") == "?")
    }

    @Test func aScreenWithoutLockScreenWidgetsIsRefused() throws {
        let entry = RendererFixtures.entry(.accessoryInline, [])
        let options = RenderOptions(device: try DeviceMetrics.named("320x568"))
        #expect(throws: RenderError.self) { try renderer.render(entry, options: options) }
    }

    @Test func rectangularCodesThatDoNotFitShowTheNumberAndSaySo() throws {
        let huge = RendererFixtures.card(1, "Huge", format: .code128)
        let wide = WidgetRenderer { _ in .success(RendererFixtures.linear(400)) }
        let entry = RendererFixtures.entry(.accessoryRectangular, [.card(huge)])
        let (_, notes) = try wide.draw(entry, options: RenderOptions(scale: 2))
        #expect(notes == [.numberShownAsText(cardID: huge.id, store: "Huge", reason: .doesNotFit(.tooLongForWidgets))])
    }
}
