import Barcodes
import Foundation
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

    /// The layout of `entry` at `options`, in points.
    public func layout(for entry: TimelineEntry, options: RenderOptions) -> WidgetLayout {
        WidgetLayout(
            family: entry.family, size: options.device.size(of: entry.family),
            slotCount: entry.isEmptyState ? 0 : entry.slots.count)
    }

    /// Where taps on `entry` go. Needs no drawing.
    public func tapMap(for entry: TimelineEntry, options: RenderOptions) -> TapMap {
        TapMap(entry: entry, layout: layout(for: entry, options: options))
    }

    /// Draws `entry` and returns its pixels and notes.
    func drawPixels(_ entry: TimelineEntry, options: RenderOptions) throws(RenderError) -> (SnapshotPixels, [RenderNote]) {
        let (canvas, notes) = try draw(entry, options: options)
        return (Self.pixels(of: canvas), notes)
    }

    /// A drawn canvas as palette pixels.
    @_spi(Benchmarks) public static func pixels(of canvas: Canvas) -> SnapshotPixels {
        canvas.withPixels { data, stride in
            SnapshotPixels(argb32: data, width: canvas.width, height: canvas.height, stride: stride)
        }
    }

    /// Draws `entry` and returns straight RGBA bytes (4 per pixel, row by row), before palette
    /// conversion: what bench/ hands to the libpng reference encoder.
    @_spi(Benchmarks) public func drawRGBA(_ entry: TimelineEntry, options: RenderOptions) throws(RenderError) -> (width: Int, height: Int, bytes: [UInt8]) {
        let (canvas, _) = try draw(entry, options: options)
        let bytes = canvas.withPixels { data, stride in
            var bytes = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
            for y in 0..<canvas.height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<canvas.width {
                    let colour = SnapshotPixels.straight(row[x])
                    let offset = (y * canvas.width + x) * 4
                    (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]) = colour
                }
            }
            return bytes
        }
        return (canvas.width, canvas.height, bytes)
    }

    /// Draws `entry` on a new canvas (Cairo + Pango, barcodes included).
    @_spi(Benchmarks) public func draw(_ entry: TimelineEntry, options: RenderOptions) throws(RenderError) -> (Canvas, [RenderNote]) {
        try options.validate()
        let layout = layout(for: entry, options: options)
        let size = layout.bounds.scaledToWholeUnits(Double(options.scale))
        let canvas = try Canvas(width: Int(size.width), height: Int(size.height))
        let drawer = WidgetDrawer(
            entry: entry, layout: layout, scale: options.scale, appearance: options.appearance, barcode: barcode)
        let notes = try drawer.draw(on: canvas)
        try canvas.checkStatus()
        return (canvas, notes)
    }
}
