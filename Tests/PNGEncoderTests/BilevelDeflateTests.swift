import CDeflate
import Testing
import WalletTestSupport

@testable import PNGEncoder

/// The 1-bit deflate writer: every stream, fixed and dynamic block alike, inflates back through zlib's own `uncompress`
/// to exactly the data given, whatever the row length (around deflate's 258-byte match limit and
/// 32 KiB window) and content, and never outgrows its bound.
@Suite struct BilevelDeflateTests {
    /// `rows` rows of `stride` bytes, filter byte 0 then `fill(row, byteIndex)` for each pixel byte.
    static func rows(_ rows: Int, stride: Int, fill: (Int, Int) -> UInt8) -> [UInt8] {
        var data = [UInt8](repeating: 0, count: rows * stride)
        for row in 0..<rows {
            for index in 1..<max(1, stride) { data[row * stride + index] = fill(row, index - 1) }
        }
        return data
    }

    /// The zlib stream of `data`, checked to fit the bound the caller sizes its buffer by, and
    /// to be the smaller of the fixed and the dynamic block, each of which inflates back.
    static func compressed(_ data: [UInt8], stride: Int) -> [UInt8] {
        let bound = BilevelDeflate.maximumZlibBytes(dataBytes: data.count)
        let stream = compressed(data, stride: stride, blockKind: nil)
        #expect(stream.count <= bound)
        let fixed = compressed(data, stride: stride, blockKind: .fixed)
        let dynamic = compressed(data, stride: stride, blockKind: .dynamic)
        #expect(fixed.count <= bound)
        #expect(stream.count == min(fixed.count, dynamic.count), "fixed \(fixed.count), dynamic \(dynamic.count)")
        #expect(stream == (dynamic.count < fixed.count ? dynamic : fixed))
        #expect(inflated(fixed, count: data.count) == data, "fixed block")
        #expect(inflated(dynamic, count: data.count) == data, "dynamic block")
        return stream
    }

    /// The zlib stream of `data` with the block kind forced when `blockKind` is not nil (a forced
    /// dynamic block may pass the bound: room for its header is added).
    static func compressed(_ data: [UInt8], stride: Int, blockKind: BilevelDeflate.BlockKind?) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: BilevelDeflate.maximumZlibBytes(dataBytes: data.count) + 400)
        let length = data.withUnsafeBufferPointer { data in
            output.withUnsafeMutableBufferPointer {
                BilevelDeflate.compress(data, rowStride: stride, into: $0, blockKind: blockKind)
            }
        }
        return Array(output[0..<length])
    }

    /// `stream` inflated by zlib, expecting `count` bytes; nil when zlib refuses it.
    static func inflated(_ stream: [UInt8], count: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0xEE, count: count + 1)
        var length = UInt(output.count)
        guard uncompress(&output, &length, stream, UInt(stream.count)) == Z_OK else { return nil }
        return Array(output[0..<Int(length)])
    }

    static func expectRoundTrip(_ data: [UInt8], stride: Int, _ comment: Comment? = nil) {
        let stream = compressed(data, stride: stride)
        #expect(stream.prefix(2) == [0x78, 0x01], comment)
        #expect(inflated(stream, count: data.count) == data, comment)
    }

    @Test(arguments: [(1, 1), (1, 2), (2, 1), (1, 9), (3, 7), (60, 8), (333, 41), (5, 257), (4, 258), (4, 259), (3, 600)])
    func randomRowsInflateBack(rows: Int, rowBytes: Int) {
        var random = SeededRandom(seed: UInt64(rows * 10_000 + rowBytes))
        let data = Self.rows(rows, stride: rowBytes + 1) { _, _ in UInt8.random(in: 0...255, using: &random) }
        Self.expectRoundTrip(data, stride: rowBytes + 1, "seed \(random.seed)")
    }

    /// Rows of 258/259 bytes and around the 32 KiB window (a row one byte too long for a row match
    /// included), repeated, blank, and with a few changed bytes, plus the widest row (1,000,000 px).
    @Test(arguments: [257, 258, 259, 260, 261, 516, 517, 32_766, 32_767, 32_768, 32_769, 40_000, 125_001])
    func rowsAroundTheMatchLimitAndWindowInflateBack(stride: Int) {
        var random = SeededRandom(seed: UInt64(stride))
        let patterns = (0..<3).map { _ in (0..<stride).map { _ in UInt8.random(in: 0...255, using: &random) } }
        let data = Self.rows(8, stride: stride) { row, index in
            switch row {
            case 0, 1, 5: patterns[0][index]
            case 2, 7: index % 1000 == 3 ? 0x55 : 0xFF
            case 3: patterns[1][index]
            case 4: index == stride / 2 ? 0 : patterns[0][index]
            default: patterns[2][index]
            }
        }
        Self.expectRoundTrip(data, stride: stride, "seed \(random.seed)")
    }

    @Test(arguments: [UInt8(0x00), 0xFF, 0xAA])
    func uniformImagesInflateBackToAFewBytes(value: UInt8) {
        for (rows, stride) in [(1, 2), (1, 3), (2, 2), (100, 2), (7, 300), (1, 125_001), (8, 131_072), (1024, 1024)] {
            let data = Self.rows(rows, stride: stride) { _, _ in value }
            let stream = Self.compressed(data, stride: stride)
            #expect(Self.inflated(stream, count: data.count) == data, "\(rows) x \(stride)")
            // 258 bytes in every 13-21 bits: runs, or rows equal to the one before.
            #expect(stream.count <= 16 + data.count / 90, "\(rows) x \(stride): \(stream.count) bytes")
        }
    }

    /// A QR-like symbol: random modules, each drawn `scale` pixels square, in a 4-module quiet
    /// zone (1 = white), as filtered rows.
    static func barcodeLike(modules: Int, scale: Int, seed: UInt64) -> (data: [UInt8], stride: Int) {
        var random = SeededRandom(seed: seed)
        let dark = (0..<(modules * modules)).map { _ in Bool.random(using: &random) }
        let side = (modules + 8) * scale
        let stride = (side + 7) / 8 + 1
        var data: [UInt8] = []
        data.reserveCapacity(side * stride)
        for y in 0..<side {
            var row = [UInt8](repeating: 0xFF, count: stride)
            row[0] = 0
            let moduleY = y / scale - 4
            if (0..<modules).contains(moduleY) {
                for moduleX in 0..<modules where dark[moduleY * modules + moduleX] {
                    for x in ((moduleX + 4) * scale)..<((moduleX + 5) * scale) { row[1 + x / 8] &= ~(0x80 >> UInt8(x % 8)) }
                }
            }
            data += row
        }
        return (data, stride)
    }

    @Test(arguments: [(21, 1), (21, 2), (33, 3), (57, 4), (15, 10), (177, 20)])
    func barcodeLikeImagesInflateBackAndShrink(modules: Int, scale: Int) {
        let (data, stride) = Self.barcodeLike(modules: modules, scale: scale, seed: UInt64(modules * 100 + scale))
        let stream = Self.compressed(data, stride: stride)
        #expect(Self.inflated(stream, count: data.count) == data)
        // Each module row is written once (9 bits a byte at most); its repeats and the quiet zone
        // are matches: at most 25 bits for 258 bytes, and a new match for each module row.
        let literalBytes = modules * stride
        #expect(stream.count <= 40 + literalBytes * 9 / 8 + (data.count - literalBytes) / 80 + modules * 4)
    }

    /// Rows equal to one several rows back (not the one before) are found through their hash.
    @Test func olderEqualRowsBecomeMatches() {
        var random = SeededRandom(seed: 7)
        let patterns = (0..<5).map { _ in (0..<40).map { _ in UInt8.random(in: 0...255, using: &random) } }
        let data = Self.rows(500, stride: 41) { row, index in patterns[row % 5][index] }
        let stream = Self.compressed(data, stride: 41)
        #expect(Self.inflated(stream, count: data.count) == data)
        // Five rows of literals (~45 bytes each), then the rest as matches 205 bytes back.
        #expect(stream.count < 5 * 41 * 9 / 8 + 250)
    }

    /// A row whose bytes neither run (3 or more) nor have a row above, but repeat every 8 bytes,
    /// becomes one match through the triplet table (as literals it would take ~4,300 bytes); the
    /// last bytes of the data, too short for a 4-byte read, stay literals.
    @Test func repeatedSequencesBecomeMatches() {
        let pattern: [UInt8] = [0x0F, 0x0F, 0xFF, 0xF0, 0xFF, 0x00, 0x00, 0xF0]
        let data = Self.rows(1, stride: 4001) { _, index in pattern[index % pattern.count] }
        let stream = Self.compressed(data, stride: 4001)
        #expect(Self.inflated(stream, count: data.count) == data)
        #expect(stream.count < 100)
        for count in 1...6 {
            let tail = Self.rows(1, stride: count + 1) { _, index in pattern[index] }
            Self.expectRoundTrip(tail, stride: count + 1, "\(count) bytes")
        }
    }

    /// A mebibyte of random bytes of 9-bit literals (144-255) that never repeat the byte before
    /// or above: nearly all literals (a few 3-byte copies turn up by chance), so the fixed block
    /// comes within 2 % of its bound without passing it; the dynamic one, 112 byte values in about
    /// 7 bits each, is chosen.
    @Test func literalOnlyDataStaysWithinTheBound() {
        var random = SeededRandom(seed: 144)
        let stride = 1024
        var data = [UInt8](repeating: 0, count: 1024 * stride)
        for position in data.indices where position % stride != 0 {
            var byte = UInt8.random(in: 144...255, using: &random)
            while byte == data[position - 1] || (position >= stride && byte == data[position - stride]) {
                byte = byte == 255 ? 144 : byte + 1
            }
            data[position] = byte
        }
        let stream = Self.compressed(data, stride: stride)
        #expect(Self.inflated(stream, count: data.count) == data, "seed \(random.seed)")
        let fixed = Self.compressed(data, stride: stride, blockKind: .fixed)
        #expect(fixed.count > BilevelDeflate.maximumZlibBytes(dataBytes: data.count) - data.count / 50)
        #expect(stream.count < data.count * 7 / 8 + 1000)
    }

    @Test func aMebibyteOfRandomRowsInflatesBack() {
        var random = SeededRandom(seed: 1 << 20)
        for stride in [2, 129, 32_769] {
            var data = (0..<((1 << 20) / 8)).flatMap { _ in withUnsafeBytes(of: random.next()) { Array($0) } }
            data.removeLast(data.count % stride)
            for start in Swift.stride(from: 0, to: data.count, by: stride) { data[start] = 0 }
            Self.expectRoundTrip(data, stride: stride, "stride \(stride), seed \(random.seed)")
        }
        let (barcode, stride) = Self.barcodeLike(modules: 177, scale: 16, seed: 3)
        #expect(barcode.count > 1_000_000)
        Self.expectRoundTrip(barcode, stride: stride)
    }

    /// Every distance 1...32768 decodes back, read as RFC 1951 (section 3.2.5) defines its codes.
    @Test func distanceCodesFollowTheRFCTable() {
        let bases = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
            1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
        ]
        for distance in 1...32_768 {
            let entry = DeflateSymbols.distance(distance)
            let (code, extraCount, extra) = (Int(entry & 0xFF), Int(entry >> 8 & 0xFF), Int(entry >> 16))
            #expect(extraCount == max(0, code / 2 - 1))
            guard bases[code] + extra == distance, extra < 1 << extraCount else {
                Issue.record("distance \(distance) written as code \(code) + \(extra)")
                return
            }
        }
    }

    /// 2-D codes at 2 and 4 px per module take the dynamic block, well below the fixed one.
    @Test(arguments: [(21, 2), (57, 4)])
    func barcodesTakeTheDynamicBlock(modules: Int, scale: Int) {
        let (data, stride) = Self.barcodeLike(modules: modules, scale: scale, seed: 11)
        let stream = Self.compressed(data, stride: stride)
        let fixed = Self.compressed(data, stride: stride, blockKind: .fixed)
        #expect(stream[2] & 0b110 == 0b100, "BTYPE 10")
        #expect(stream.count * 10 < fixed.count * 9, "\(stream.count) against fixed \(fixed.count)")
    }
}
