import Testing
import Foundation
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct SnapshotPixelsTests {
    /// Premultiplied ARGB32 words, row by row.
    private func pixels(_ words: [UInt32], width: Int) -> SnapshotPixels {
        words.withUnsafeBytes { raw in
            SnapshotPixels(
                argb32: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width,
                height: words.count / width, stride: width * 4)
        }
    }

    @Test func flatArtKeepsEveryColorExactly() {
        let image = pixels([0xFF00_0000, 0xFFFF_FFFF, 0x0000_0000, 0x8040_2010, 0xFF15_65C0, 0xFF15_65C0], width: 3)
        #expect(image.isExact)
        #expect(image.palette.count == 5)
        #expect(image.rgba(x: 0, y: 0) == (0, 0, 0, 255))
        #expect(image.rgba(x: 1, y: 0) == (255, 255, 255, 255))
        #expect(image.rgba(x: 2, y: 0) == (0, 0, 0, 0))
        #expect(image.rgba(x: 0, y: 1) == (128, 64, 32, 128))  // un-premultiplied
        #expect(image.rgba(x: 2, y: 1) == (0x15, 0x65, 0xC0, 255))
    }

    @Test func rareColorsMapToTheNearestOfTheCommonOnes() {
        func grey(_ level: Int) -> UInt32 { 0xFF00_0000 | UInt32(level) << 16 | UInt32(level) << 8 | UInt32(level) }
        // Greys 1, 2, 3, ... 254 are common (ten pixels each, with black and white: 256 colors);
        // 60 rare colors sit next to them (a blue off by one), as antialiased edges do.
        var words = (1...254).flatMap { [UInt32](repeating: grey($0), count: 10) }
        words += [UInt32](repeating: 0xFF00_0000, count: 20) + [UInt32](repeating: 0xFFFF_FFFF, count: 20)
        let rare = (0..<60).map { 4 * $0 + 2 }
        words += rare.map { grey($0) ^ 1 }
        let image = pixels(words, width: words.count)
        #expect(!image.isExact)
        #expect(image.palette.count == 256)
        #expect(image.rgba(x: 0, y: 0) == (1, 1, 1, 255))
        for (offset, level) in rare.enumerated() {
            let (red, green, blue, alpha) = image.rgba(x: words.count - rare.count + offset, y: 0)
            #expect(alpha == 255 && abs(Int(red) - level) <= 1 && abs(Int(green) - level) <= 1 && abs(Int(blue) - level) <= 1)
        }
    }

    @Test func pngIsPaletteWithTransparencyOnlyWhenNeeded() throws {
        func chunks(_ png: [UInt8]) -> [String] {
            var names: [String] = []
            var offset = 8
            while offset + 8 <= png.count {
                let length =
                    Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
                names.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
                offset += 12 + length
            }
            return names
        }
        let opaque = try SnapshotEncoding.png(pixels([0xFF00_0000, 0xFFFF_FFFF], width: 2))
        #expect(Array(opaque.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(chunks(Array(opaque)) == ["IHDR", "PLTE", "IDAT", "IEND"])
        let cornered = try SnapshotEncoding.png(pixels([0x0000_0000, 0xFFFF_FFFF], width: 2))
        #expect(chunks(Array(cornered)) == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        #expect(opaque[25] == 3)  // IHDR color type: palette
    }
}
