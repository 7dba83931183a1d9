internal import CDeflate

/// PNG files of 1-bit gray images (barcodes) with unfiltered rows, written without libpng: the
/// signature, IHDR, one IDAT holding the zlib stream of ``BilevelDeflate``, IEND, each chunk
/// with its CRC-32 (PNG, ISO/IEC 15948, sections 5 and 11), built in one buffer.
///
/// Hand-written for a measured budget (issue 26): through libpng a small barcode PNG cost more
/// than libzint's encoding of the symbol (libpng's write structures and a new zlib stream per
/// image) and kept an Aztec batch slower than zint's (bench/results.md, "Reference measurements":
/// "1-bit PNGs without libpng"; the deflate writer's own in ``BilevelDeflate``). The compression level and strategy of a
/// ``PNGCompression`` do not apply here. Images that need a row filter, another pixel format or
/// more than 1 MiB of pixels (where a streamed write keeps memory flat) still go through libpng.
enum BilevelPNG {
    /// The largest image written here, in filtered bytes; larger ones go through libpng.
    static let maximumDataBytes = 1 << 20

    /// libpng's default limit on each side (`PNG_USER_WIDTH_MAX`, `PNG_USER_HEIGHT_MAX`): a larger
    /// image goes to libpng, whose refusal names it.
    static let maximumSide = 1_000_000

    /// True when ``encode(width:height:fillRow:)`` writes this image.
    static func writes(width: Int, height: Int, format: PNGPixelFormat, compression: PNGCompression) -> Bool {
        format == .gray1 && compression.filter == PNGRowFilter.none && width <= maximumSide && height <= maximumSide
            && dataBytes(width: width, height: height) <= maximumDataBytes
    }

    /// The PNG file of a `width` x `height` 1-bit image whose rows `fillRow` writes, as
    /// ``PNGEncoder/encode(width:height:format:compression:fillRow:)`` takes them.
    static func encode(width: Int, height: Int, fillRow: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8]
    {
        let stride = PNGPixelFormat.gray1.bytesPerRow(width: width) + 1
        // Each row is preceded by its filter type, 0 (None). A row starts as a copy of the one
        // before: the buffer keeps its contents between calls, as libpng's caller may rely on.
        let filtered = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: stride * height)
        defer { filtered.deallocate() }
        let base = filtered.baseAddress!
        base.initialize(repeating: 0, count: stride)
        for y in 0..<height {
            let start = y * stride
            if y > 0 { (base + start).initialize(from: base + start - stride, count: stride) }
            fillRow(y, UnsafeMutableBufferPointer(rebasing: filtered[(start + 1)..<(start + stride)]))
        }
        let zlibBound = BilevelDeflate.maximumZlibBytes(dataBytes: filtered.count)
        return [UInt8](unsafeUninitializedCapacity: 57 + zlibBound) { file, count in
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            _ = file.initialize(from: signature)
            // IHDR: width, height, bit depth 1, color type 0 (gray), deflate, adaptive filtering, no interlace.
            file.storeBigEndian(UInt32(width), at: 16)
            file.storeBigEndian(UInt32(height), at: 20)
            file[24] = 1
            for index in 25..<29 { file[index] = 0 }
            var end = finishChunk(type: 0x4948_4452, start: 8, dataLength: 13, in: file)
            let zlibLength = BilevelDeflate.compress(
                UnsafeBufferPointer(filtered), rowStride: stride,
                into: UnsafeMutableBufferPointer(rebasing: file[(end + 8)..<(end + 8 + zlibBound)]))
            end = finishChunk(type: 0x4944_4154, start: end, dataLength: zlibLength, in: file)
            end = finishChunk(type: 0x4945_4E44, start: end, dataLength: 0, in: file)
            count = end
        }
    }

    private static func dataBytes(width: Int, height: Int) -> Int {
        let (rows, overflow) = (PNGPixelFormat.gray1.bytesPerRow(width: width) + 1).multipliedReportingOverflow(by: height)
        return overflow ? .max : rows
    }

    /// Writes the length and `type` of the chunk at `start` whose `dataLength` bytes are already
    /// at `start + 8`, and its CRC-32 (of type and data) after them; returns where the next starts.
    private static func finishChunk(type: UInt32, start: Int, dataLength: Int, in file: UnsafeMutableBufferPointer<UInt8>) -> Int
    {
        file.storeBigEndian(UInt32(dataLength), at: start)
        file.storeBigEndian(type, at: start + 4)
        let crc = crc32(0, file.baseAddress! + start + 4, UInt32(4 + dataLength))
        file.storeBigEndian(UInt32(truncatingIfNeeded: crc), at: start + 8 + dataLength)
        return start + 12 + dataLength
    }
}
