import Testing
@testable import Barcodes

/// The character set of a 2D barcode's text: names as passes and Catima write them, the bytes,
/// and what validation refuses. (Tests/EndToEnd/test_barcode_encoding.py decodes the symbols.)
@Suite struct BarcodeTextEncodingTests {
    @Test(arguments: [
        ("UTF-8", BarcodeTextEncoding.utf8), ("utf8", .utf8), ("ISO-8859-1", .latin1), ("iso-8859-1", .latin1),
        ("ISO_8859-1:1987", .latin1), ("latin1", .latin1), ("Latin-1", .latin1), ("ISO8859_1", .latin1), ("CP819", .latin1),
    ])
    func namesAreReadAsPassesAndCatimaWriteThem(name: String, expected: BarcodeTextEncoding) throws {
        #expect(try BarcodeTextEncoding.named(name) == expected)
    }

    @Test func unknownNamesSayWhatIsAccepted() {
        #expect(BarcodeTextEncoding(name: "shift_jis") == nil && BarcodeTextEncoding(name: "") == nil)
        #expect(throws: BarcodeTextEncoding.UnknownName(name: "utf-16")) { try BarcodeTextEncoding.named("utf-16") }
        #expect(
            BarcodeTextEncoding.UnknownName(name: "utf-16").description
                == "unknown barcode encoding 'utf-16': use UTF-8 or ISO-8859-1 (Latin-1)")
    }

    @Test func bytesInEachSet() throws {
        #expect(try BarcodeTextEncoding.latin1.bytes(of: "Zoë ½").get() == [0x5A, 0x6F, 0xEB, 0x20, 0xBD])
        #expect(try BarcodeTextEncoding.utf8.bytes(of: "Zoë").get() == [0x5A, 0x6F, 0xC3, 0xAB])
        #expect(BarcodeTextEncoding.latin1.canWrite("ÿ") && !BarcodeTextEncoding.latin1.canWrite("€"))
        guard case .failure(let bad) = BarcodeTextEncoding.latin1.bytes(of: "ab€c") else {
            Issue.record("€ is not Latin-1")
            return
        }
        #expect(bad.character == "€" && bad.position == 3)
    }

    @Test func validationRefusesTextOutsideTheSetWithItsPosition() {
        for format in [Symbology.qr, .aztec, .pdf417, .dataMatrix] {
            #expect(
                throws: BarcodeError.invalidCharacter(
                    format, character: "€", position: 4,
                    allowed: "only Latin-1 characters in barcode encoding ISO-8859-1 (choose UTF-8 for other text)")
            ) {
                try format.validate("5 x€", encoding: .latin1)
            }
            #expect(throws: Never.self) { try format.validate("5 x€", encoding: .utf8) }
        }
    }

    @Test func asciiIsTheSameSymbolInBothSetsOtherTextIsNot() throws {
        for format in [Symbology.qr, .aztec, .pdf417, .dataMatrix] {
            let ascii = "M1DOE/JOHN   E"
            #expect(
                try BarcodeEncoder.encode(ascii, as: format, encoding: .latin1).modules
                    == BarcodeEncoder.encode(ascii, as: format).modules)
            let latin = try BarcodeEncoder.encode("Müller", as: format, encoding: .latin1)
            let utf = try BarcodeEncoder.encode("Müller", as: format)
            #expect(latin.payload == "Müller" && latin.modules != utf.modules)
        }
    }

    @Test func latin1CapacityCountsOneBytePerCharacter() throws {
        // QR 40-M holds 2331 bytes (less the ECI designator): 2300 "é" fit in Latin-1, not as 4600 bytes of UTF-8.
        let text = String(repeating: "é", count: 2300)
        #expect(try BarcodeEncoder.encode(text, as: .qr, encoding: .latin1).width == 177)
        #expect(throws: BarcodeError.self) { try BarcodeEncoder.encode(text, as: .qr) }
    }
}
