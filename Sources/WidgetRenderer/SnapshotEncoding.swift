import Foundation
import PNGEncoder

/// Snapshot pixels to PNG bytes: an 8-bit palette image with a tRNS chunk for the transparent
/// corners, no row filter (filters do not help indexed art) and zlib level 3 (on widget art as small as
/// level 6 at a third of the time; levels 4-5 switch to lazy matching and are slower and larger); the
/// benchmark section compares this with libpng's defaults on the same pixels.
@_spi(Benchmarks) public enum SnapshotEncoding {
    static let compression = PNGCompression(level: 3, filter: .none)

    /// The PNG of `pixels`; throws what drawing their rows failed with, if it did.
    public static func png(_ pixels: SnapshotPixels) throws(RenderError) -> Data {
        let bytes: [UInt8]
        do throws(PNGError) {
            let palette = try PNGPalette(
                colors: pixels.palette.map { PNGColor(red: $0.red, green: $0.green, blue: $0.blue) },
                alpha: Self.trimmedAlpha(pixels.palette.map(\.alpha)))
            bytes = try PNGEncoder.encode(
                width: pixels.width, height: pixels.height, format: .palette(palette), compression: compression,
                fillRow: pixels.indexRow)
        } catch {
            throw .encodingFailed(error)
        }
        if let failure = pixels.failure { throw failure }
        return Data(bytes)
    }

    /// tRNS needs entries only up to the last non-opaque one.
    private static func trimmedAlpha(_ alpha: [UInt8]) -> [UInt8] {
        guard let last = alpha.lastIndex(where: { $0 != 255 }) else { return [] }
        return Array(alpha[...last])
    }
}
