import Barcodes
import FileOutput
import Foundation
import PNGEncoder
import WalletCore
import WidgetEngine

/// Draws timeline entries as PNG snapshots with their tap maps.
public struct WidgetRenderer: Sendable {
    /// Makes a card's barcode: nil when the card has none, a failure when its data is not encodable.
    public typealias BarcodeSource = @Sendable (Card) -> Result<BarcodeMatrix, BarcodeError>?

    @_spi(Benchmarks) public let barcode: BarcodeSource

    public init(barcode: @escaping BarcodeSource) {
        self.barcode = barcode
    }

    /// The renderer with real barcodes (`BarcodeEncoder`) for each card's encoded value.
    public static let live = WidgetRenderer { card in
        guard let format = card.format else { return nil }
        do throws(BarcodeError) {
            return .success(try card.barcode(as: format))
        } catch {
            return .failure(error)
        }
    }

    /// The mode of snapshot files: private to the owner.
    public static let snapshotPermissions: UInt32 = 0o600

    /// Draws `entry` and encodes it as PNG: a palette image, or gray+alpha in vibrant rendering.
    /// A `recorder` receives every text run, code and image drawn (the layout report).
    ///
    /// The picture is drawn in bands (`PictureBands`) and encoded row by row, so a large
    /// widget's pixels are never in memory whole (the peak RSS budget of a widget extension).
    /// Before drawing, the clean code pages start-up used are released (``CleanPages``), and
    /// again after the first painting of a picture of several bands.
    public func render(
        _ entry: TimelineEntry, options: RenderOptions, recorder: LayoutRecorder? = nil
    ) throws(RenderError) -> RenderedSnapshot {
        let released = CleanPages.releaseIfDue()
        let bands = try drawBands(entry, options: options, recorder: recorder, releasesAfterFirstPainting: released)
        let png = try Self.png(of: bands, vibrant: options.rendering(for: entry.family) == .vibrant)
        return RenderedSnapshot(png: png, width: bands.width, height: bands.height, notes: bands.notes)
    }

    /// The PNG of a picture drawn in bands: gray+alpha when `vibrant`, else a palette image.
    static func png(of bands: PictureBands, vibrant: Bool) throws(RenderError) -> Data {
        if vibrant { return try VibrantConversion.png(bands) }
        return try SnapshotEncoding.png(SnapshotPixels(rows: bands, width: bands.width, height: bands.height))
    }

    /// Writes PNG bytes to `path` atomically, mode 0600 like exports: a snapshot shows card
    /// numbers and barcodes.
    ///
    /// A regular file that already holds exactly these bytes is left as it is: re-rendering
    /// unchanged widgets into the same directory then costs a read per file, not a new file, a
    /// rename and the old file's removal, and a host watching the directory sees no change.
    public static func write(_ png: Data, to path: String) throws(RenderError) {
        if (try? PathKind.of(path)) == .regular, FileManager.default.contents(atPath: path) == png { return }
        do throws(FileError) {
            try AtomicFile.write([UInt8](png), to: path, permissions: snapshotPermissions, durable: false)
        } catch {
            throw .writeFailed(error)
        }
    }

    /// Writes a layout report (``LayoutRecorder/json()``) to `path` atomically, mode 0600: it
    /// holds card names and numbers.
    public static func writeReport(_ json: Data, to path: String) throws(RenderError) {
        do throws(FileError) {
            try AtomicFile.write([UInt8](json), to: path, permissions: snapshotPermissions, durable: false)
        } catch {
            throw .writeFailed(error)
        }
    }

    /// The layout of `entry` at `options`, in points: linear codes too wide for a half-width tile
    /// get full-width rows (`FullWidthRowPlanner`; when a slot holds such a code, this encodes
    /// the cards' barcodes, which costs microseconds, but needs no fonts or canvas). The plan is
    /// made at the smallest phone scale, so a widget's tiles and tap map are the same at every scale.
    public func layout(for entry: TimelineEntry, options: RenderOptions) -> WidgetLayout {
        let size = options.device.size(of: entry.family)
        let count = entry.isEmptyState ? 0 : entry.slots.count
        var fullWidth: [Int: Double] = [:]
        // Only a linear code or PDF417 can get a full-width row: without one, no code is encoded.
        let hasWideCode = entry.slots.contains { $0.card?.format.map(FullWidthRowPlanner.isWide) == true }
        if !entry.isRedacted, count > 1, hasWideCode {
            let symbols = entry.slots.map { slot -> BarcodeMatrix? in
                guard let card = slot.card, case .success(let symbol)? = barcode(card) else { return nil }
                return symbol
            }
            fullWidth = FullWidthRowPlanner(family: entry.family, size: size, symbols: symbols)
                .fullWidthRows()
        }
        return WidgetLayout(family: entry.family, size: size, slotCount: count, fullWidthRows: fullWidth)
    }

    /// Where taps on `entry` go, in the screen's points (``RenderOptions/displayScale``). Needs
    /// no drawing.
    public func tapMap(for entry: TimelineEntry, options: RenderOptions) -> TapMap {
        TapMap(entry: entry, layout: layout(for: entry, options: options)).scaled(by: options.pointsPerLayoutPoint)
    }

    /// Draws `entry` and returns its pixels and notes.
    func drawPixels(
        _ entry: TimelineEntry, options: RenderOptions, recorder: LayoutRecorder? = nil
    ) throws(RenderError) -> (SnapshotPixels, [RenderNote]) {
        let (canvas, notes) = try draw(entry, options: options, recorder: recorder)
        return (Self.pixels(of: canvas), notes)
    }

    /// A drawn canvas as palette pixels.
    @_spi(Benchmarks) public static func pixels(of canvas: Canvas) -> SnapshotPixels {
        SnapshotPixels(canvas: canvas)
    }

    /// Draws `entry` and returns straight RGBA bytes (4 per pixel, row by row), before palette
    /// conversion: what bench/ hands to the libpng reference encoder.
    @_spi(Benchmarks) public func drawRGBA(
        _ entry: TimelineEntry, options: RenderOptions
    ) throws(RenderError) -> (width: Int, height: Int, bytes: [UInt8]) {
        let (canvas, _) = try draw(entry, options: options)
        let bytes = canvas.withPixels { data, stride in
            var bytes = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
            for y in 0..<canvas.height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<canvas.width {
                    let color = SnapshotPixels.straight(row[x])
                    let offset = (y * canvas.width + x) * 4
                    (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]) = color
                }
            }
            return bytes
        }
        return (canvas.width, canvas.height, bytes)
    }

    /// Draws `entry` on a new canvas (Cairo + Pango, barcodes and buttons included), tinted when
    /// the rendering is accented. Vibrant conversion happens when the pixels are encoded.
    @_spi(Benchmarks) public func draw(
        _ entry: TimelineEntry, options: RenderOptions, recorder: LayoutRecorder? = nil
    ) throws(RenderError) -> (Canvas, [RenderNote]) {
        let (size, paint) = try painting(entry, options: options, recorder: recorder)
        let canvas = try Canvas(width: size.width, height: size.height)
        return (canvas, try paint(canvas))
    }

    /// Draws `entry` as ``draw(_:options:recorder:)`` does, in bands: the first one at once, the
    /// others as their rows are read.
    func drawBands(
        _ entry: TimelineEntry, options: RenderOptions, recorder: LayoutRecorder? = nil,
        bandBytes: Int = PictureBands.bandBytes, releasesAfterFirstPainting: Bool = false
    ) throws(RenderError) -> PictureBands {
        let (size, paint) = try painting(entry, options: options, recorder: recorder)
        return try PictureBands(
            width: size.width, height: size.height, bandBytes: bandBytes,
            releasesAfterFirstPainting: releasesAfterFirstPainting, paint: paint)
    }

    /// The picture's size in device pixels and what paints `entry` on a canvas of it (or a band
    /// of it). Only the first painting goes to `recorder`: the others draw the same again.
    private func painting(
        _ entry: TimelineEntry, options: RenderOptions, recorder: LayoutRecorder?
    ) throws(RenderError) -> (size: (width: Int, height: Int), paint: PictureBands.Paint) {
        try options.validate(for: entry.family)
        let layout = layout(for: entry, options: options)
        let size = layout.bounds.scaledToWholeUnits(Double(options.scale))
        let buttons = WidgetButton.buttons(for: entry, layout: layout)
        let rendering = options.rendering(for: entry.family)
        recorder?.cards(entry.slots.compactMap(\.card))
        var recorder = recorder
        var isFirst = true
        let logos = DecodedLogos()
        let paint = { (canvas: Canvas) throws(RenderError) -> [RenderNote] in
            defer { (recorder, isFirst) = (nil, false) }
            let plates = PlateRecorder()
            var drawer = WidgetDrawer(
                entry: entry, layout: layout, scale: options.scale,
                palette: TilePalette(appearance: options.appearance, rendering: rendering), barcode: barcode,
                plates: plates, recorder: recorder,
                reserved: buttons.map { $0.rect.scaledToWholeUnits(Double(options.scale)) })
            drawer.drawsOnlyTheBand = !isFirst
            drawer.logos = logos
            (drawer.comfortableModule, drawer.largestScale) = (options.comfortableModule, options.largestScale)
            let notes: [RenderNote]
            switch entry.family.traits.face {
            case .tiles:
                notes = try drawer.draw(on: canvas)
                ButtonDrawer(entry: entry, buttons: buttons, scale: options.scale, colors: drawer.tileColors).draw(on: canvas)
            case .lockScreen(let shape):
                notes = try AccessoryDrawer(tiles: drawer, shape: shape, rendering: rendering).draw(on: canvas)
            }
            if rendering == .accented { AccentTint.apply(to: canvas, sparing: plates) }
            try canvas.checkStatus()
            return notes
        }
        return ((Int(size.width), Int(size.height)), paint)
    }
}
