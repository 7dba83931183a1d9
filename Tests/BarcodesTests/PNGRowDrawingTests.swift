import PNGEncoder
import Testing
@testable import Barcodes

/// The PNG of every format, drawn run by run (``BilevelRowWriter``), is byte for byte the PNG of
/// the same image drawn pixel by pixel, at module sizes around and at a byte's width.
@Suite struct PNGRowDrawingTests {
    static let samples: [Symbology: String] = [
        .qr: "MEMBER-12345678 Gold Tier", .aztec: "MEMBER-12345678 Gold Tier", .pdf417: "Grüße 42",
        .dataMatrix: "MEMBER-12345678", .code128: "Card 1", .code39: "CARD 1", .code93: "Card 1",
        .codabar: "1234", .ean13: "400638133393", .ean8: "9638507", .upcA: "03600029145", .upcE: "0123456",
        .itf: "123456",
    ]

    @Test(arguments: Symbology.allCases)
    func runDrawingMatchesPixelDrawing(format: Symbology) throws {
        let matrix = try BarcodeEncoder.encode(try #require(Self.samples[format]), as: format)
        for moduleSize in [1, 2, 3, 7, 8, 9] {
            for barHeight in [nil, 1, 13] {
                let expected = try PNGEncoder.encode(try Self.pixelByPixel(matrix, moduleSize: moduleSize, barHeight: barHeight))
                let drawn = try matrix.png(moduleSize: moduleSize, barHeight: barHeight)
                #expect(drawn == expected, "\(format) at \(moduleSize) px, bar height \(barHeight.map(String.init) ?? "default")")
            }
        }
    }

    @Test func writerPadsTheLastByteWhiteAndFillsWholeBytes() {
        let runs = [(3, true), (14, false), (0, true), (9, true), (1, false), (1, true)]
        #expect(Self.written(runs, byteCount: 4) == [0b1110_0000, 0b0000_0000, 0b0111_1111, 0b1101_1111])
        // Runs past 56 pixels, from inside a byte and from a byte's start.
        let long = Self.written([(5, false), (60, true), (71, false), (3, true), (1, false)], byteCount: 18)
        let whole = [UInt8](repeating: 0xFF, count: 7) + [0b1000_0000] + [UInt8](repeating: 0, count: 8)
        #expect(long == [0b0000_0111] + whole + [0b1110_1111])
    }

    /// The `byteCount` bytes a ``BilevelRowWriter`` writes for `runs` of (pixels, white).
    static func written(_ runs: [(Int, Bool)], byteCount: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0x55, count: byteCount)
        bytes.withUnsafeMutableBufferPointer { row in
            var writer = BilevelRowWriter(row)
            for (count, white) in runs { writer.append(count, white: white) }
            writer.finish()
        }
        return bytes
    }

    /// The image as the straightforward reading of the drawing rules: each pixel is dark when it
    /// lies on a dark module, quiet zones and the padding bits of a row white.
    static func pixelByPixel(_ matrix: BarcodeMatrix, moduleSize: Int, barHeight: Int?) throws -> PNGImage {
        let (width, height) = matrix.imageSize(moduleSize: moduleSize, barHeight: barHeight)
        let zone = matrix.quietZone
        let rowBytes = (width + 7) / 8
        var pixels = [UInt8](repeating: 0xFF, count: rowBytes * height)
        for y in 0..<height {
            let moduleY = y / moduleSize - zone.top
            let symbolRows = matrix.isLinear ? height - (zone.top + zone.bottom) * moduleSize : matrix.height * moduleSize
            guard y >= zone.top * moduleSize && y < zone.top * moduleSize + symbolRows else { continue }
            for x in 0..<width {
                let moduleX = x / moduleSize - zone.left
                guard moduleX >= 0 && moduleX < matrix.width else { continue }
                if matrix[moduleX, matrix.isLinear ? 0 : moduleY] {
                    pixels[y * rowBytes + x / 8] &= ~(0x80 >> UInt8(x % 8))
                }
            }
        }
        return try PNGImage(width: width, height: height, format: .gray1, pixels: pixels)
    }
}
