import Barcodes
import Foundation
import FileOutput
import PNGEncoder
import WidgetEngine

extension WidgetRenderer {
    /// The renderer with real barcodes (``BarcodeEncoder``) for each card's encoded value.
    public static let live = WidgetRenderer { card in
        guard let format = card.format else { return nil }
        do throws(BarcodeError) {
            return .success(try BarcodeEncoder.encode(card.encodedValue, as: format))
        } catch {
            return .failure(error)
        }
    }

    /// Draws `entry` and encodes it as PNG.
    public func render(_ entry: TimelineEntry, options: RenderOptions) throws(RenderError) -> RenderedSnapshot {
        let (pixels, notes) = try drawPixels(entry, options: options)
        return RenderedSnapshot(
            png: try SnapshotEncoding.png(pixels), width: pixels.width, height: pixels.height, notes: notes)
    }

    /// Writes PNG bytes to `path` atomically (mode 0644: snapshots are output for the user).
    ///
    /// A file that already holds exactly these bytes is left as it is: re-rendering unchanged
    /// widgets into the same directory then costs a read per file, not a new file, a rename and
    /// the old file's removal, and a host watching the directory sees no change.
    public static func write(_ png: Data, to path: String) throws(RenderError) {
        if FileManager.default.contents(atPath: path) == png { return }
        do throws(FileError) {
            try AtomicFile.write([UInt8](png), to: path, permissions: 0o644, durable: false)
        } catch {
            throw .writeFailed(error)
        }
    }
}
