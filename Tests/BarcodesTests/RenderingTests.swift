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

    @Test func terminalRenderingOf2DUsesUpperHalfBlocksOnTheLowerModulesColor() throws {
        let matrix = try BarcodeEncoder.encode("hi", as: .qr)
        let lines = matrix.terminalRendering().split(separator: "\n").map(String.init)
        #expect(lines.count == (21 + 8 + 1) / 2)
        #expect(matrix.terminalColumns == 29)
        let plain = lines.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
        #expect(plain.allSatisfy { $0.count == 29 && $0.allSatisfy { $0 == "▀" } })
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[38;5;16;48;5;231m") && $0.hasSuffix("\u{1B}[0m") })
        // Every module, read back from the cells' colors, is the matrix's (quiet zone white).
        let screen = lines.map(Self.cells)
        for y in -4..<(21 + 5) {
            for x in -4..<(21 + 4) {
                let cell = screen[(y + 4) / 2][x + 4]
                let shown = (y + 4) % 2 == 0 ? cell.upper : cell.lower
                let expected = x >= 0 && x < 21 && y >= 0 && y < 21 && matrix[x, y]
                #expect(shown == expected, "module \(x), \(y)")
            }
        }
    }

    /// (upper dark, lower dark) per cell of a half-block line: `▀` in the foreground color on the
    /// background color; 16 is black.
    private static func cells(_ line: String) -> [(upper: Bool, lower: Bool)] {
        var foreground = 16
        var background = 231
        var cells: [(upper: Bool, lower: Bool)] = []
        var rest = Substring(line)
        while let first = rest.first {
            if first == "\u{1B}", let end = rest.firstIndex(of: "m") {
                var codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";").compactMap { Int($0) }
                while !codes.isEmpty {
                    let code = codes.removeFirst()
                    if code == 38, codes.count >= 2 {
                        foreground = codes[1]
                        codes.removeFirst(2)
                    }
                    if code == 48, codes.count >= 2 {
                        background = codes[1]
                        codes.removeFirst(2)
                    }
                }
                rest = rest[rest.index(after: end)...]
                continue
            }
            cells.append((foreground == 16, background == 16))
            rest = rest.dropFirst()
        }
        return cells
    }

    @Test func terminalRenderingOf1DUsesFullBlockColumns() throws {
        let matrix = try BarcodeEncoder.encode("9638507", as: .ean8)
        let plain = matrix.terminalRendering().split(separator: "\n").map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
        #expect(plain.count == 10)
        #expect(plain[1] == plain[8])
        #expect(plain[1].hasPrefix(String(repeating: " ", count: 7) + "█ █"))
        #expect(plain[0].allSatisfy { $0 == " " })
    }

    /// Without colors (a pipe, NO_COLOR, TERM=dumb) the same cells carry no escape: each is the
    /// block that draws its dark halves, so a 2D code keeps every module and a linear one its bars.
    @Test func terminalRenderingWithoutColorsDrawsDarkHalvesAsBlocks() throws {
        let matrix = try BarcodeEncoder.encode("hi", as: .qr)
        let lines = matrix.terminalRendering(colors: false).split(separator: "\n").map(String.init)
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines.count == (21 + 8 + 1) / 2 && lines.allSatisfy { $0.count == 29 })
        for y in -4..<(21 + 5) {
            for x in -4..<(21 + 4) {
                let cell = Array(lines[(y + 4) / 2])[x + 4]
                let shown = (y + 4) % 2 == 0 ? "█▀".contains(cell) : "█▄".contains(cell)
                #expect(shown == (x >= 0 && x < 21 && y >= 0 && y < 21 && matrix[x, y]), "module \(x), \(y)")
            }
        }
        let linear = try BarcodeEncoder.encode("9638507", as: .ean8)
        let colored = linear.terminalRendering().replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(linear.terminalRendering(colors: false) == colored)
    }
}

/// `TERM=dumb`: the terminal rendering without colors carries no escape and keeps every module.
@Suite struct PlainTerminalRenderingTests {
    @Test func noEscapesAndTheSameModulesAsTheColoredRendering() throws {
        for format in [Symbology.qr, .code128] {
            let matrix = try BarcodeEncoder.encode("PLAIN-7", as: format)
            let plain = matrix.terminalRendering(colors: false)
            #expect(!plain.contains("\u{1B}"))
            let lines = plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.allSatisfy { $0.count == matrix.terminalColumns })
            #expect(lines.count == matrix.terminalRendering().split(separator: "\n").count)
            let darkModules = lines.joined().reduce(0) { count, cell in
                count + ["█": 2, "▀": 1, "▄": 1, " ": 0][cell, default: 0]
            }
            let expected =
                format == .qr
                ? (0..<matrix.height).reduce(0) { sum, y in sum + (0..<matrix.width).filter { matrix[$0, y] }.count }
                : (0..<matrix.width).filter { matrix[$0, 0] }.count * 8 * 2
            #expect(darkModules == expected, "\(format)")
        }
    }
}
