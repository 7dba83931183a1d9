import Testing
import WalletTestSupport
@testable import PNGEncoder

@Suite struct PNGEncoderTests {
    @Test(arguments: [
        (PNGPixelFormat.gray1, 1, 0), (.gray8, 8, 0), (.grayAlpha8, 8, 4), (.rgb8, 8, 2), (.rgba8, 8, 6),
    ])
    func headerRecordsFormat(format: PNGPixelFormat, bitDepth: Int, colorType: Int) throws {
        let width = 13, height = 7
        let pixels = [UInt8](repeating: 0x5A, count: format.bytesPerRow(width: width) * height)
        let bytes = try PNGEncoder.encode(PNGImage(width: width, height: height, format: format, pixels: pixels))
        let png = try #require(PNGChunks(bytes))
        #expect(png.types.first == "IHDR")
        #expect(png.types.last == "IEND")
        #expect(png.types.contains("IDAT"))
        let header = try #require(png.header)
        #expect(header.width == width && header.height == height)
        #expect(header.bitDepth == bitDepth && header.colorType == colorType && header.interlace == 0)
    }

    @Test func paletteWritesPLTEAndTRNS() throws {
        let palette = try PNGPalette(
            colors: [
                PNGColor(red: 255, green: 0, blue: 0), PNGColor(red: 0, green: 0, blue: 255), PNGColor(red: 1, green: 2, blue: 3),
            ],
            alpha: [0, 128])
        let image = try PNGImage(width: 4, height: 2, format: .palette(palette), pixels: [0, 1, 2, 1, 2, 1, 0, 0])
        let png = try #require(PNGChunks(try PNGEncoder.encode(image)))
        #expect(png.header?.colorType == 3)
        #expect(png.first("PLTE")?.data == [255, 0, 0, 0, 0, 255, 1, 2, 3])
        #expect(png.first("tRNS")?.data == [0, 128])
        #expect(png.types == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
    }

    @Test func opaquePaletteHasNoTRNS() throws {
        let palette = try PNGPalette(colors: [PNGColor(red: 9, green: 9, blue: 9)])
        let image = try PNGImage(width: 1, height: 1, format: .palette(palette), pixels: [0])
        #expect(PNGChunks(try PNGEncoder.encode(image))?.first("tRNS") == nil)
    }

    @Test func rowBytesPerFormat() {
        #expect(PNGPixelFormat.gray1.bytesPerRow(width: 1) == 1)
        #expect(PNGPixelFormat.gray1.bytesPerRow(width: 8) == 1)
        #expect(PNGPixelFormat.gray1.bytesPerRow(width: 9) == 2)
        #expect(PNGPixelFormat.rgb8.bytesPerRow(width: 1092) == 3276)
        #expect(PNGPixelFormat.rgba8.bytesPerRow(width: 3) == 12)
        #expect(PNGPixelFormat.grayAlpha8.bytesPerRow(width: 3) == 6)
    }

    @Test func rowsAreRequestedInOrderOnce() throws {
        var requested: [Int] = []
        _ = try PNGEncoder.encode(width: 5, height: 4, format: .gray8) { y, row in
            requested.append(y)
            #expect(row.count == 5)
        }
        #expect(requested == [0, 1, 2, 3])
    }

    @Test func compressionSettingsChangeSize() throws {
        // A flat image compresses far better at level 9 with filters than stored at level 0.
        let image = try PNGImage(width: 300, height: 200, format: .rgb8, pixels: [UInt8](repeating: 200, count: 300 * 200 * 3))
        let stored = try PNGEncoder.encode(image, compression: PNGCompression(level: 0, filter: .none))
        let smallest = try PNGEncoder.encode(image, compression: .smallest)
        let fast = try PNGEncoder.encode(image)
        #expect(stored.count > 180_000)
        #expect(smallest.count < 2_000)
        #expect(fast.count < 10_000)
        #expect(PNGCompression(level: 42, filter: .none).level == 9)
        #expect(PNGCompression.fast(for: .gray1) == PNGCompression(level: 2, filter: .none))
        #expect(PNGCompression.fast(for: .rgb8) == PNGCompression(level: 1, filter: .up))
    }

    @Test func zlibsHashTableFollowsTheImageSize() {
        #expect(PNGWriteSession.memoryLevel(dataBytes: 1) == 2)
        #expect(PNGWriteSession.memoryLevel(dataBytes: 300) == 2)  // a small 1-bit barcode
        #expect(PNGWriteSession.memoryLevel(dataBytes: 513) == 3)
        #expect(PNGWriteSession.memoryLevel(dataBytes: 32 * 1024) == 8)
        #expect(PNGWriteSession.memoryLevel(dataBytes: 5 << 20) == 8)  // a widget snapshot: zlib's default
    }

    @Test func invalidInputsThrowBeforeLibpng() throws {
        #expect(throws: PNGError.invalidDimensions(width: 0, height: 3)) {
            try PNGImage(width: 0, height: 3, format: .gray8, pixels: [])
        }
        #expect(throws: PNGError.pixelBufferSize(expected: 6, actual: 5)) {
            try PNGImage(width: 2, height: 3, format: .gray8, pixels: [1, 2, 3, 4, 5])
        }
        #expect(throws: PNGError.invalidDimensions(width: 4, height: -1)) {
            try PNGEncoder.encode(width: 4, height: -1, format: .gray1) { _, _ in }
        }
        let tooMany = [PNGColor](repeating: PNGColor(red: 0, green: 0, blue: 0), count: 257)
        #expect(throws: PNGError.invalidPalette("a palette holds 1 to 256 colors, got 257")) {
            try PNGPalette(colors: tooMany)
        }
        #expect(throws: PNGError.invalidPalette("a palette holds 1 to 256 colors, got 0")) { try PNGPalette(colors: []) }
        #expect(throws: PNGError.invalidPalette("2 alpha values for 1 colors")) {
            try PNGPalette(colors: [PNGColor(red: 0, green: 0, blue: 0)], alpha: [1, 2])
        }
    }

    /// libpng's own message reaches the Swift error instead of stderr: PNG caps widths at
    /// 1,000,000 pixels unless told otherwise, and png_set_IHDR refuses a wider image.
    @Test func libpngErrorKeepsLibpngsMessage() {
        #expect(throws: PNGError.libpngFailed(stage: "header", message: "Invalid IHDR data")) {
            try PNGEncoder.encode(width: 1_000_001, height: 1, format: .gray1) { _, _ in }
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(PNGError.invalidDimensions(width: 0, height: 1).description.contains("0x1"))
    }
}
