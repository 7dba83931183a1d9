import CDeflate
import Testing
import WalletTestSupport

@testable import PNGEncoder

/// The 1-bit PNGs written without libpng: whole files (chunks, CRCs) whose pixels inflate back.
@Suite struct BilevelPNGTests {
    @Test(arguments: [(1, 1), (7, 3), (8, 2), (9, 5), (42, 42), (333, 17), (2000, 40), (1_000_000, 1), (8 * 1024, 1023)])
    func rowsInflateBackWithinValidChunks(width: Int, height: Int) throws {
        var random = SeededRandom(seed: UInt64(width * 1000 + height))
        let rowBytes = PNGPixelFormat.gray1.bytesPerRow(width: width)
        let pixels = (0..<(rowBytes * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(BilevelPNG.writes(width: width, height: height, format: .gray1, compression: .fast(for: .gray1)))
        let bytes = try PNGEncoder.encode(PNGImage(width: width, height: height, format: .gray1, pixels: pixels))

        let png = try #require(PNGChunks(bytes))
        #expect(png.types == ["IHDR", "IDAT", "IEND"])
        let header = try #require(png.header)
        #expect(header.width == width && header.height == height && header.bitDepth == 1 && header.colorType == 0)
        var offset = 8
        for chunk in png.chunks {
            let stored = PNGChunks.uint32(bytes, offset + 8 + chunk.data.count)
            let computed = Array(chunk.type.utf8 + chunk.data).withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress, UInt32($0.count)))
            }
            #expect(stored == computed, "CRC of \(chunk.type)")
            offset += 12 + chunk.data.count
        }

        let idat = try #require(png.first("IDAT")).data
        var inflated = [UInt8](repeating: 0xEE, count: (rowBytes + 1) * height)
        var length = UInt(inflated.count)
        #expect(uncompress(&inflated, &length, idat, UInt(idat.count)) == Z_OK)
        #expect(Int(length) == inflated.count)
        let expected = (0..<height).flatMap { [0] + pixels[($0 * rowBytes)..<(($0 + 1) * rowBytes)] }
        #expect(inflated == expected)
    }

    @Test func otherImagesGoThroughLibpng() {
        let fast = PNGCompression.fast(for: .gray1)
        #expect(!BilevelPNG.writes(width: 10, height: 10, format: .gray8, compression: .fast(for: .gray8)))
        #expect(!BilevelPNG.writes(width: 10, height: 10, format: .gray1, compression: PNGCompression(level: 2, filter: .up)))
        #expect(!BilevelPNG.writes(width: 8 * 1024, height: 1025, format: .gray1, compression: fast))
        #expect(BilevelPNG.writes(width: 8 * 1024, height: 1023, format: .gray1, compression: fast))
        #expect(!BilevelPNG.writes(width: 1_000_001, height: 1, format: .gray1, compression: fast))
    }

    /// zlib's level and strategy have no say here: every setting gives the same file.
    @Test func compressionLevelLeavesTheFileAlone() throws {
        let image = try PNGImage(width: 16, height: 4, format: .gray1, pixels: [UInt8](repeating: 0x0F, count: 8))
        let fast = try PNGEncoder.encode(image)
        #expect(try PNGEncoder.encode(image, compression: PNGCompression(level: 9, filter: .none)) == fast)
        #expect(try PNGEncoder.encode(image, compression: PNGCompression(level: 0, filter: .none, strategy: .runLength)) == fast)
    }

    /// A row `fillRow` leaves alone is the row before, as the libpng path keeps its row buffer.
    @Test func aRowLeftAloneRepeatsTheOneBefore() throws {
        let bytes = try PNGEncoder.encode(width: 20, height: 6, format: .gray1) { y, row in
            if y % 2 == 0 { row.update(repeating: UInt8(y * 40 + 1)) }
        }
        let idat = try #require(PNGChunks(bytes)?.first("IDAT")).data
        var inflated = [UInt8](repeating: 0xEE, count: 6 * 4)
        var length = UInt(inflated.count)
        #expect(uncompress(&inflated, &length, idat, UInt(idat.count)) == Z_OK)
        #expect(inflated == [0, 1, 1, 1, 0, 1, 1, 1, 0, 81, 81, 81, 0, 81, 81, 81, 0, 161, 161, 161, 0, 161, 161, 161])
    }
}
