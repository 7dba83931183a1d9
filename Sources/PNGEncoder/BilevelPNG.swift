internal import CDeflate
import Synchronization

/// PNG files of 1-bit gray images (barcodes) with unfiltered rows, written without libpng: the
/// signature, IHDR, one IDAT holding the zlib stream, IEND, each chunk with its CRC-32 (PNG,
/// ISO/IEC 15948, sections 5 and 11). The pixels are compressed by zlib, with the level and
/// strategy libpng would use and a ``DeflateStream`` kept from one image to the next.
///
/// Hand-written for a measured budget (issue 26, bench/results.md "Barcodes"): through libpng a
/// 42x42 Aztec PNG cost 112,000 instructions (libpng's write structures and a new zlib stream
/// per image), more than libzint's encoding of the symbol, and kept an Aztec batch slower than
/// zint's. Images that need a row filter, another pixel format or more than 1 MiB of pixels
/// (where a streamed write keeps memory flat) still go through libpng.
enum BilevelPNG {
    /// The largest image written here, in filtered bytes; larger ones go through libpng.
    static let maximumDataBytes = 1 << 20

    /// Streams between images, by zlib memory level (a batch makes images of one or two sizes).
    private static let streams = Mutex<[Int32: DeflateStream]>([:])

    /// libpng's default limit on each side (`PNG_USER_WIDTH_MAX`, `PNG_USER_HEIGHT_MAX`): a larger
    /// image goes to libpng, whose refusal names it.
    static let maximumSide = 1_000_000

    /// True when ``encode(width:height:compression:fillRow:)`` writes this image.
    static func writes(width: Int, height: Int, format: PNGPixelFormat, compression: PNGCompression) -> Bool {
        format == .gray1 && compression.filter == PNGRowFilter.none && width <= maximumSide && height <= maximumSide
            && dataBytes(width: width, height: height) <= maximumDataBytes
    }

    /// The PNG file of a `width` x `height` 1-bit image whose rows `fillRow` writes, as
    /// ``PNGEncoder/encode(width:height:format:compression:fillRow:)`` takes them.
    static func encode(
        width: Int, height: Int, compression: PNGCompression,
        fillRow: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(PNGError) -> [UInt8] {
        let rowBytes = PNGPixelFormat.gray1.bytesPerRow(width: width)
        // Each row is preceded by its filter type, 0 (None); the row buffer persists between
        // calls, as libpng's caller may leave a row unchanged.
        var filtered = [UInt8](repeating: 0, count: dataBytes(width: width, height: height))
        filtered.withUnsafeMutableBufferPointer { filtered in
            let row = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowBytes)
            defer { row.deallocate() }
            row.initialize(repeating: 0)
            for y in 0..<height {
                fillRow(y, row)
                let start = y * (rowBytes + 1) + 1
                _ = UnsafeMutableBufferPointer(rebasing: filtered[start..<(start + rowBytes)]).initialize(fromContentsOf: row)
            }
        }
        let memoryLevel = PNGWriteSession.memoryLevel(dataBytes: filtered.count)
        let level = Int32(compression.level)
        let strategy = compression.strategy.zlibValue
        let stream: DeflateStream
        if let kept = streams.withLock({ $0.removeValue(forKey: memoryLevel) }) {
            stream = kept
        } else {
            stream = try DeflateStream(level: level, memoryLevel: memoryLevel, strategy: strategy)
        }
        defer { streams.withLock { $0[memoryLevel] = stream } }
        let compressed = try filtered.withUnsafeBufferPointer { (data) throws(PNGError) in
            try stream.compress(data, level: level, strategy: strategy)
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(57 + compressed.count)
        // IHDR: width, height, bit depth 1, colour type 0 (gray), deflate, adaptive filtering, no interlace.
        appendChunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [1, 0, 0, 0, 0], to: &file)
        appendChunk("IDAT", compressed, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    private static func dataBytes(width: Int, height: Int) -> Int {
        let (rows, overflow) = (PNGPixelFormat.gray1.bytesPerRow(width: width) + 1).multipliedReportingOverflow(by: height)
        return overflow ? .max : rows
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        file += bigEndian(UInt32(data.count))
        file += typeAndData
        file += bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
