/// Writes PNG images through libpng: 1-bit gray (barcodes), 8-bit gray, RGB, RGBA and palette
/// images (widget snapshots), to memory or atomically to a file. Unfiltered 1-bit images up to
/// 1 MiB (every barcode) are written without libpng, by `BilevelPNG`.
public enum PNGEncoder {
    /// Encodes an image whose rows are produced on demand. `compression` nil means
    /// ``PNGCompression/fast(for:)`` (measured and explained there).
    ///
    /// `fillRow(y, row)` must fill `row` (``PNGPixelFormat/bytesPerRow(width:)`` bytes) with row `y`.
    /// Rows are requested top to bottom and the buffer keeps its contents between calls, so a row
    /// identical to the one before needs no work at all.
    public static func encode(
        width: Int, height: Int, format: PNGPixelFormat, compression: PNGCompression? = nil,
        fillRow: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .invalidDimensions(width: width, height: height)
        }
        let compression = compression ?? .fast(for: format)
        if BilevelPNG.writes(width: width, height: height, format: format, compression: compression) {
            return BilevelPNG.encode(width: width, height: height, fillRow: fillRow)
        }
        let rowBytes = format.bytesPerRow(width: width)
        let session = try PNGWriteSession(expectedSize: min(1 << 20, 128 + rowBytes * height / 8))
        try session.writeHeader(width: width, height: height, format: format, compression: compression)
        let row = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowBytes)
        defer { row.deallocate() }
        row.initialize(repeating: 0)
        for y in 0..<height {
            fillRow(y, row)
            try session.writeRow(UnsafePointer(row.baseAddress!))
        }
        try session.finish()
        return session.bytes
    }

    /// Encodes a whole image held in memory.
    public static func encode(_ image: PNGImage, compression: PNGCompression? = nil) throws(PNGError) -> [UInt8] {
        let rowBytes = image.format.bytesPerRow(width: image.width)
        return try image.pixels.withUnsafeBufferPointer { (pixels) throws(PNGError) -> [UInt8] in
            try encode(width: image.width, height: image.height, format: image.format, compression: compression) { y, row in
                _ = row.initialize(from: pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
            }
        }
    }
}

/// A whole image in memory: `height` rows of ``PNGPixelFormat/bytesPerRow(width:)`` bytes each.
public struct PNGImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let format: PNGPixelFormat
    /// Row-major pixel bytes, no padding between rows.
    public let pixels: [UInt8]

    /// Fails when the dimensions are out of range or `pixels` has the wrong size.
    public init(width: Int, height: Int, format: PNGPixelFormat, pixels: [UInt8]) throws(PNGError) {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .invalidDimensions(width: width, height: height)
        }
        let expected = format.bytesPerRow(width: width) * height
        guard pixels.count == expected else { throw .pixelBufferSize(expected: expected, actual: pixels.count) }
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }
}
