import Testing
@testable import Barcodes

@Suite struct BarcodeEncoderTests {
    @Test func qrVersionOneIs21Modules() throws {
        let matrix = try BarcodeEncoder.encode("hi", as: .qr)
        #expect(matrix.width == 21 && matrix.height == 21)
        // Finder pattern corners are dark; the separator next to the top-left finder is light.
        #expect(matrix[0, 0] && matrix[6, 0] && matrix[0, 6] && matrix[20, 0] && matrix[0, 20])
        #expect(!matrix[7, 0] && !matrix[7, 7])
        #expect(matrix.totalWidth == 29)
    }

    @Test func qrKeepsCase() throws {
        // casesensitive = 0 would upper-case the data into a smaller alphanumeric symbol.
        let lower = try BarcodeEncoder.encode(String(repeating: "abcdefgh", count: 7), as: .qr)
        let upper = try BarcodeEncoder.encode(String(repeating: "ABCDEFGH", count: 7), as: .qr)
        #expect(lower.width > upper.width)
    }

    @Test(arguments: [
        (Symbology.ean13, "400638133393", 95), (.ean8, "9638507", 67), (.upcA, "03600029145", 95), (.upcE, "0123456", 51),
    ])
    func eanUPCWidths(format: Symbology, payload: String, width: Int) throws {
        let matrix = try BarcodeEncoder.encode(payload, as: format)
        #expect(matrix.width == width && matrix.height == 1 && matrix.isLinear)
        #expect(matrix[0, 0] && !matrix[1, 0] && matrix[2, 0])  // start guard 101
    }

    @Test func payloadIsNormalized() throws {
        #expect(try BarcodeEncoder.encode("400638133393", as: .ean13).payload == "4006381333931")
        #expect(try BarcodeEncoder.encode("1234", as: .codabar).payload == "A1234A")
    }

    @Test func pdf417RowsAreRepeatedToSquareModules() throws {
        let matrix = try BarcodeEncoder.encode("Member 000123 / Gold", as: .pdf417)
        #expect(matrix.height % 3 == 0)
        for row in stride(from: 0, to: matrix.height, by: 3) {
            for x in 0..<matrix.width {
                #expect(matrix[x, row] == matrix[x, row + 1] && matrix[x, row] == matrix[x, row + 2])
            }
        }
    }

    @Test func dataMatrixIsSquare() throws {
        let matrix = try BarcodeEncoder.encode("CARD:0042;name=Zoë", as: .dataMatrix)
        #expect(matrix.width == matrix.height)
        #expect((0..<matrix.height).allSatisfy { matrix[0, $0] })  // solid left finder edge
    }

    @Test func overCapacityIsReported() {
        #expect(throws: BarcodeError.self) { try BarcodeEncoder.encode(String(repeating: "x", count: 2332), as: .qr) }
        do {
            _ = try BarcodeEncoder.encode(String(repeating: "x", count: 3100), as: .aztec)
            Issue.record("expected over capacity")
        } catch {
            guard case .overCapacity(.aztec, _) = error else {
                Issue.record("got \(error)")
                return
            }
        }
    }

    @Test func everyFormatEncodes() throws {
        let samples: [Symbology: String] = [
            .qr: "Grüße", .aztec: "Grüße", .pdf417: "Grüße", .dataMatrix: "Grüße", .code128: "Card 1",
            .code39: "CARD 1", .code93: "Card 1", .codabar: "1234", .ean13: "400638133393", .ean8: "9638507",
            .upcA: "03600029145", .upcE: "0123456", .itf: "123456",
        ]
        for format in Symbology.allCases {
            let matrix = try BarcodeEncoder.encode(try #require(samples[format]), as: format)
            #expect(matrix.isLinear == !format.isTwoDimensional)
            #expect(matrix.modules.contains(true) && matrix.modules.contains(false))
        }
    }
}
