import Testing
@testable import Barcodes

/// The Swift Aztec encoder's parts: structure of the symbol, the mode message read back from the
/// modules, capacity edges, ECI and binary input. (Decoding by zxing-cpp: Tests/EndToEnd/test_aztec.py.)
@Suite struct AztecEncoderTests {
    @Test func compactSymbolHasBullseyeAndOrientationMarks() throws {
        let matrix = try BarcodeEncoder.encode("A", as: .aztec)
        #expect(matrix.width == 15 && matrix.height == 15)
        let center = 7
        // Rings: dark at even Chebyshev distances 0, 2, 4 from the centre, light at 1 and 3.
        for y in (center - 4)...(center + 4) {
            for x in (center - 4)...(center + 4) {
                #expect(matrix[x, y] == (max(abs(x - center), abs(y - center)) % 2 == 0))
            }
        }
        // Orientation: three dark at the top-left corner of the mode ring, two top-right, one bottom-right.
        #expect(matrix[2, 2] && matrix[3, 2] && matrix[2, 3])
        #expect(matrix[12, 2] && matrix[12, 3] && matrix[12, 11])
        #expect(!matrix[2, 12] && !matrix[3, 12] && !matrix[2, 11] && !matrix[11, 12] && !matrix[12, 12])
    }

    @Test func fullRangeSymbolHasLargerBullseyeAndReferenceGrid() throws {
        // 150 upper-case letters: 750 bits, past compact's 440.
        let matrix = try BarcodeEncoder.encode(String(repeating: "AZTEC", count: 30), as: .aztec)
        #expect(matrix.width == 41)
        let center = matrix.width / 2
        for distance in 0...6 {
            #expect(matrix[center + distance, center] == (distance % 2 == 0))
            #expect(matrix[center, center - distance] == (distance % 2 == 0))
        }
        // The centre row and column outside the core alternate dark and light, dark at even
        // distances; a second grid line runs 16 modules from the centre.
        for offset in 8...center {
            #expect(matrix[center - offset, center + 16] == (offset % 2 == 0))
            #expect(matrix[center + offset, center] == (offset % 2 == 0))
            #expect(matrix[center, center - offset] == (offset % 2 == 0))
        }
    }

    @Test(arguments: [("A", true), (String(repeating: "b", count: 60), true), (String(repeating: "C9", count: 100), false)])
    func modeMessageReadsBack(payload: String, compact: Bool) throws {
        let (side, modules) = try AztecEncoder.encode(Array(payload.utf8), eci: nil)
        let center = side / 2
        let ring = compact ? 5 : 7
        // Clockwise from the top-left: top row, right column, bottom row, left column, skipping
        // the corners (and the reference grid's centre line on full-range symbols).
        var positions: [(Int, Int)] = []
        let offsets = (-(ring - 2)...(ring - 2)).filter { compact || $0 != 0 }
        positions += offsets.map { (center + $0, center - ring) }
        positions += offsets.map { (center + ring, center + $0) }
        positions += offsets.reversed().map { (center + $0, center + ring) }
        positions += offsets.reversed().map { (center - ring, center + $0) }
        let bits = positions.map { modules[$0.1 * side + $0.0] ? 1 : 0 }
        let nibbles = stride(from: 0, to: bits.count, by: 4).map {
            bits[$0] << 3 | bits[$0 + 1] << 2 | bits[$0 + 2] << 1 | bits[$0 + 3]
        }
        // A Reed-Solomon codeword: zero at α^1 ... α^n over GF(16).
        #expect(syndromes(nibbles, count: compact ? 5 : 6, in: .aztecModeMessage).allSatisfy { $0 == 0 })
        let value = nibbles.prefix(compact ? 2 : 4).reduce(0) { $0 << 4 | $1 }
        // The layer count it announces gives the symbol's side.
        let size = AztecSize(compact: compact, layers: (compact ? value >> 6 : value >> 11) + 1)
        #expect(size.matrixSize == side)
        let dataWords = (value & (compact ? 0x3F : 0x7FF)) + 1
        #expect(dataWords > 0 && dataWords < size.codewordCount)
    }

    /// The values of the codeword polynomial at α^1 ... α^count.
    private func syndromes(_ words: [Int], count: Int, in field: GaloisField) -> [Int] {
        (1...count).map { power in
            words.reduce(0) { $0 == 0 ? $1 : field.multiply($0, Int(field.exponents[power])) ^ $1 }
        }
    }

    @Test func reedSolomonMatchesKnownVectors() {
        // ZXing's Aztec test vectors (ReedSolomonTestCase), mode message and 6-bit data words.
        #expect(ReedSolomonEncoder.checkWords(for: [0x5, 0x6], count: 5, in: .aztecModeMessage) == [0x3, 0x2, 0xB, 0xB, 0x7])
        #expect(
            ReedSolomonEncoder.checkWords(for: [0x0, 0x0, 0x0, 0x9], count: 6, in: .aztecModeMessage)
                == [0xA, 0xD, 0x8, 0x6, 0x5, 0x6])
        #expect(
            ReedSolomonEncoder.checkWords(for: [0x9, 0x32, 0x1, 0x29, 0x2F, 0x2, 0x27, 0x25, 0x1, 0x1B], count: 11, in: .aztec6)
                == [0x2C, 0x2, 0xD, 0xD, 0xA, 0x16, 0x28, 0x9, 0x22, 0xA, 0x14])
    }

    @Test(arguments: [8, 10, 12])
    func reedSolomonCodewordsHaveZeroSyndromes(wordSize: Int) {
        let field = GaloisField.aztec(wordSize: wordSize)
        let data = (0..<40).map { ($0 * 2_654_435_761 >> 7) % field.size }
        let check = ReedSolomonEncoder.checkWords(for: data, count: 17, in: field)
        #expect(syndromes(data + check, count: 17, in: field).allSatisfy { $0 == 0 })
    }

    @Test func highLevelEncodingMatchesZXingVectors() {
        func bits(_ text: String, _ payload: [UInt8]) -> (String, String) {
            let expected = text.filter { $0 != " " }
            let actual = String(AztecHighLevelEncoder.encode(payload, eci: nil).map { $0 == 1 ? "X" : "." })
            return (actual, expected)
        }
        let vectors: [(String, [UInt8])] = [
            ("...X. ..... ...XX XXX.. ...XX XXXX. XX.X", Array("A. b.".utf8)),
            (".XX.X XXX.. X.... XXXX. XX.X XX.X XX.X XXX. XXX.. XX..X", Array("Lo...x".utf8)),
            ("...X. ...XX ..X.. XXXXX ....X .XX..X.. ..XX. ..XXX .X...", Array("ABCdEFG".utf8)),
            (".XXXX XXXXX ....X ........ .XXXX", [0x4E, 0x00, 0x4E]),
            ("XXXX. ..XX .X.. .X.X .XX. XXX. XXXXX ....X ........", [0x31, 0x32, 0x33, 0x34, 0x00]),
            ("...X. ...XX ..X.. ..... ...XX ..X.X ..XX. ..XXX ..... ...X.", Array("ABC. DEF\r\n".utf8)),
        ]
        for (expected, payload) in vectors {
            let (actual, wanted) = bits(expected, payload)
            #expect(actual == wanted, "\(payload)")
        }
    }

    @Test func eciComesFirstAsFLG() {
        // P/S, FLG(n), 2 digits, '2' '6'; then 'é' in UTF-8 as a 2-byte binary shift.
        let bits = AztecHighLevelEncoder.encode([0xC3, 0xA9], eci: 26)
        let prefix = "00000" + "00000" + "010" + "0100" + "1000"
        #expect(bits.prefix(prefix.count).map(String.init).joined() == prefix)
        #expect(bits.count == prefix.count + 10 + 16)
    }

    @Test func stuffingAndPaddingMatchZXingVectors() {
        func words(_ bits: String, wordSize: Int) -> String {
            let input = bits.compactMap { $0 == "X" ? UInt8(1) : $0 == "." ? UInt8(0) : nil }
            return AztecSize.stuffedWords(input, wordSize: wordSize).words.map { word in
                String((0..<wordSize).map { word >> (wordSize - 1 - $0) & 1 == 1 ? "X" : "." })
            }.joined(separator: " ")
        }
        #expect(words(".X.X.. ...... ..X.XX", wordSize: 6) == ".X.X.. .....X ...X.X XXXXX.")
        #expect(words(".X.X.. XXXXXX ...... ..X.XX", wordSize: 6) == ".X.X.. XXXXX. X..... ...X.X XXXXX.")
        #expect(words(".X.X. ..... .X.X", wordSize: 5) == ".X.X. ....X ..X.X")
    }

    @Test func sizeTablesAreWholeCodewords() {
        // libzint's tables are whole codewords, which is what ends its retry loop.
        for (index, bits) in AztecSize.compactDataBits.enumerated() {
            #expect(bits % AztecSize(compact: true, layers: index + 1).wordSize == 0)
        }
        for (index, bits) in AztecSize.fullDataBits.enumerated() {
            let size = AztecSize(compact: false, layers: index + 1)
            #expect(bits % size.wordSize == 0 && bits < size.layerBits)
        }
        #expect(AztecSize(compact: false, layers: 32).matrixSize == 151)
        #expect(AztecSize(compact: true, layers: 4).matrixSize == 27)
    }

    @Test func capacityEdge() throws {
        let largest = try BarcodeEncoder.encode(String(repeating: "x", count: 3068), as: .aztec)
        #expect(largest.width == 151)
        #expect(throws: BarcodeError.self) { try BarcodeEncoder.encode(String(repeating: "x", count: 3069), as: .aztec) }
        do {
            _ = try BarcodeEncoder.encode(String(repeating: "x", count: 3069), as: .aztec)
        } catch {
            #expect(
                error.description.hasPrefix("payload too long for aztec: ") && error.description.hasSuffix("; shorten the data"))
        }
        // Far past any capacity: refused before the mode search.
        #expect(throws: BarcodeError.self) { try BarcodeEncoder.encode(String(repeating: "9", count: 1_000_000), as: .aztec) }
    }

    @Test func binaryAndShortInputsEncode() throws {
        for payload in ["1", " ", "\r\n", "\u{7F}", "ÿ", String(repeating: "é", count: 700)] {
            let matrix = try BarcodeEncoder.encode(payload, as: .aztec)
            #expect(matrix.width == matrix.height && matrix.modules.count == matrix.width * matrix.width)
        }
        let latin = try BarcodeEncoder.encode("ÿ", as: .aztec, encoding: .latin1)
        #expect(latin.width == 15)
    }
}
