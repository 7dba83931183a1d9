import Testing
@testable import Barcodes

@Suite struct GTINTests {
    /// EAN-13, EAN-8 and UPC-A numbers without their check digit.
    @Test(
        arguments: [
            ("400638133393", 1), ("590123412345", 7), ("000000000000", 0), ("9638507", 4), ("03600029145", 2),
        ] as [(String, Int)])
    func checkDigit(number: String, expected: Int) {
        #expect(GTINCheckDigit.compute(number.compactMap(\.wholeNumberValue)) == expected)
    }

    @Test func knownNumbers() {
        #expect(GTINCheckDigit.compute([9, 6, 3, 8, 5, 0, 7]) == 4)  // EAN-8 96385074
        #expect(GTINCheckDigit.compute([0, 3, 6, 0, 0, 0, 2, 9, 1, 4, 5]) == 2)  // UPC-A 036000291452
    }

    @Test func ean13AddsOrVerifiesCheckDigit() throws {
        #expect(try Symbology.ean13.validate("400638133393") == "4006381333931")
        #expect(try Symbology.ean13.validate("4006381333931") == "4006381333931")
        #expect(throws: BarcodeError.wrongCheckDigit(.ean13, found: "2", expected: "1")) {
            try Symbology.ean13.validate("4006381333932")
        }
        #expect(throws: BarcodeError.self) { try Symbology.ean13.validate("40063813339") }
    }

    @Test func ean8AndUPCA() throws {
        #expect(try Symbology.ean8.validate("9638507") == "96385074")
        #expect(try Symbology.upcA.validate("03600029145") == "036000291452")
        #expect(throws: BarcodeError.wrongCheckDigit(.upcA, found: "3", expected: "2")) {
            try Symbology.upcA.validate("036000291453")
        }
    }

    @Test func leadingZerosAreKept() throws {
        #expect(try Symbology.ean13.validate("000000000000") == "0000000000000")
        #expect(try Symbology.itf.validate("000042") == "000042")
    }

    @Test func wrongCheckDigitMessageNamesExpectedDigit() {
        let error = BarcodeError.wrongCheckDigit(.ean13, found: "2", expected: "1")
        #expect(error.description.hasPrefix("wrong check digit 2 for ean13: expected 1"))
    }
}

@Suite struct UPCETests {
    @Test(arguments: [
        ([0, 1, 2, 3, 4, 5, 0], [0, 1, 2, 0, 0, 0, 0, 0, 3, 4, 5]),
        ([0, 1, 2, 3, 4, 5, 1], [0, 1, 2, 1, 0, 0, 0, 0, 3, 4, 5]),
        ([0, 1, 2, 3, 4, 5, 2], [0, 1, 2, 2, 0, 0, 0, 0, 3, 4, 5]),
        ([0, 1, 2, 3, 4, 5, 3], [0, 1, 2, 3, 0, 0, 0, 0, 0, 4, 5]),
        ([1, 1, 2, 3, 4, 5, 4], [1, 1, 2, 3, 4, 0, 0, 0, 0, 0, 5]),
        ([0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 6]),
    ])
    func expansion(upce: [Int], upca: [Int]) {
        #expect(UPCE.expandToUPCA(upce) == upca)
    }

    @Test func checkDigitComesFromExpansion() throws {
        #expect(try Symbology.upcE.validate("0123456") == "01234565")
        #expect(try Symbology.upcE.validate("1123453") == "11234538")
        #expect(throws: BarcodeError.wrongCheckDigit(.upcE, found: "7", expected: "5")) {
            try Symbology.upcE.validate("01234567")
        }
    }

    @Test func numberSystemAndZeroSuppressionRules() {
        #expect(throws: BarcodeError.invalidNumberSystem(found: "2")) { try Symbology.upcE.validate("2123456") }
        #expect(UPCE.brokenRule([0, 0, 0, 0, 0, 5]) != nil)
        #expect(UPCE.brokenRule([0, 0, 0, 0, 1, 5]) == nil)
        #expect(UPCE.brokenRule([1, 2, 0, 0, 0, 3]) != nil)
        #expect(UPCE.brokenRule([1, 2, 3, 0, 0, 3]) == nil)
        #expect(UPCE.brokenRule([1, 2, 3, 0, 0, 4]) != nil)
        #expect(UPCE.brokenRule([0, 0, 0, 0, 0, 0]) == nil)
        #expect(
            throws: BarcodeError.notZeroSuppressible(
                digits: "0000005", rule: "with last digit 5 the fifth digit must not be 0", upcA: "000000000055")
        ) {
            try Symbology.upcE.validate("0000005")
        }
    }
}

@Suite struct CharacterSetTests {
    @Test func codabarStartStop() throws {
        #expect(try Symbology.codabar.validate("123456") == "A123456A")
        #expect(try Symbology.codabar.validate("b12-34d") == "B12-34D")
        #expect(
            throws: BarcodeError.invalidCharacter(
                .codabar, character: "#", position: 3,
                allowed: "digits 0-9 and - $ : / . + between optional start/stop letters A-D")
        ) {
            try Symbology.codabar.validate("12#4")
        }
        #expect(throws: BarcodeError.self) { try Symbology.codabar.validate("A1B") }
        #expect(throws: BarcodeError.emptyPayload(.codabar)) { try Symbology.codabar.validate("AB") }
        #expect(throws: BarcodeError.self) { try Symbology.codabar.validate(String(repeating: "1", count: 59)) }
        #expect(try Symbology.codabar.validate(String(repeating: "1", count: 58)).count == 60)
    }

    @Test func itfLengths() throws {
        #expect(throws: BarcodeError.self) { try Symbology.itf.validate("12345") }
        #expect(throws: BarcodeError.self) { try Symbology.itf.validate("1234") }
        #expect(try Symbology.itf.validate(String(repeating: "9", count: 90)).count == 90)
        #expect(throws: BarcodeError.self) { try Symbology.itf.validate(String(repeating: "9", count: 92)) }
    }

    @Test func badCharacterNamesCharacterAndPosition() throws {
        #expect(
            throws: BarcodeError.invalidCharacter(
                .code39, character: "é", position: 3,
                allowed: "ASCII characters except NUL (full ASCII for lower case and punctuation)")
        ) {
            try Symbology.code39.validate("ABé")
        }
        let tab = BarcodeError.invalidCharacter(.code93, character: "\t", position: 2, allowed: "printable ASCII (space to ~)")
        #expect(tab.description.hasPrefix("invalid character U+0009 at position 2"))
        // Code 128's character set is ISO-8859-1, control characters included (NUL is no card text).
        #expect(try Symbology.code128.validate("café\u{1D}\t") == "café\u{1D}\t")
        #expect(throws: BarcodeError.self) { try Symbology.code128.validate("€") }
        #expect(throws: BarcodeError.self) { try Symbology.code128.validate("a\0") }
        #expect(throws: BarcodeError.self) { try Symbology.code93.validate(String(repeating: "A", count: 108)) }
    }

    @Test func twoDimensionalFormatsTakeUnicodeButNotNUL() throws {
        #expect(try Symbology.qr.validate("Grüße 日本 🎉") == "Grüße 日本 🎉")
        #expect(throws: BarcodeError.self) { try Symbology.dataMatrix.validate("a\0b") }
        #expect(throws: BarcodeError.emptyPayload(.aztec)) { try Symbology.aztec.validate("") }
    }

    @Test func namesAndAliases() {
        #expect(Symbology(name: "EAN_13") == .ean13)
        #expect(Symbology(name: "QR_CODE") == .qr)
        #expect(Symbology(name: "data-matrix") == .dataMatrix)
        #expect(Symbology(name: "nope") == nil)
        for format in Symbology.allCases {
            #expect(Symbology(name: format.catimaName) == format, "Catima name \(format.catimaName)")
        }
    }
}
