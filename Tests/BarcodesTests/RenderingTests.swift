import Testing
@testable import Barcodes

@Suite struct RenderingTests {
    /// IHDR width and height of PNG `bytes`.
    private func size(_ bytes: [UInt8]) -> (Int, Int) {
        func uint32(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (uint32(16), uint32(20))
    }

    @Test func pngIsOneBitGrayWithQuietZones() throws {
        let matrix = try BarcodeEncoder.encode("hi", as: .qr)
        let png = try matrix.png(moduleSize: 3)
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(png[24] == 1 && png[25] == 0)  // bit depth 1, color type gray
        #expect(size(png) == (29 * 3, 29 * 3))
    }

    @Test func linearCodesUseBarHeight() throws {
        let matrix = try BarcodeEncoder.encode("400638133393", as: .ean13)
        #expect(size(try matrix.png(moduleSize: 2, barHeight: 50)) == ((95 + 18) * 2, 50))
        #expect(size(try matrix.png(moduleSize: 2)) == ((95 + 18) * 2, matrix.defaultBarHeight(moduleSize: 2)))
        #expect(matrix.defaultBarHeight(moduleSize: 2) == 2 * 56)
    }

    @Test func invalidSizesThrow() throws {
        let matrix = try BarcodeEncoder.encode("hi", as: .qr)
        #expect(throws: BarcodeImageError.invalidModuleSize(0)) { try matrix.png(moduleSize: 0) }
        let linear = try BarcodeEncoder.encode("123456", as: .itf)
        #expect(throws: BarcodeImageError.invalidBarHeight(0)) { try linear.png(moduleSize: 1, barHeight: 0) }
    }

    @Test func terminalRenderingOf2DUsesHalfBlocks() throws {
        let matrix = try BarcodeEncoder.encode("hi", as: .qr)
        let lines = matrix.terminalRendering().split(separator: "\n")
        #expect(lines.count == (21 + 8 + 1) / 2)
        let plain = lines.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
        #expect(plain.allSatisfy { $0.count == 29 })
        #expect(plain[2].hasPrefix("    █▀▀▀▀▀█"))  // top finder pattern after 4 quiet modules
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[38;5;16;48;5;231m") && $0.hasSuffix("\u{1B}[0m") })
    }

    @Test func terminalRenderingOf1DUsesFullBlockColumns() throws {
        let matrix = try BarcodeEncoder.encode("9638507", as: .ean8)
        let plain = matrix.terminalRendering().split(separator: "\n").map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
        #expect(plain.count == 10)
        #expect(plain[1] == plain[8])
        #expect(plain[1].hasPrefix(String(repeating: " ", count: 7) + "█ █"))
        #expect(plain[0].allSatisfy { $0 == " " })
    }
}
