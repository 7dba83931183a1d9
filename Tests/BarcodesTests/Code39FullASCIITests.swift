import Testing
@testable import Barcodes

@Suite struct Code39FullASCIITests {
    @Test func shiftPairsAreDecoded() {
        #expect(Code39FullASCII.decoded("+A+B") == "ab")
        #expect(Code39FullASCII.decoded("X+V /A/Z/K%V$I") == "Xv !:+@\t")
        #expect(Code39FullASCII.decoded("%F%K%P%T%W%X%Z%U") == ";[{\u{7F}`\u{7F}\u{7F}\0")
        #expect(Code39FullASCII.decoded("/D/E/O") == "$%/")
    }

    @Test func readingsWithoutValidPairsStayRaw() {
        #expect(Code39FullASCII.decoded("CARD-123") == nil)  // no shift
        #expect(Code39FullASCII.decoded("CARD-123 $/+%.") == nil)  // `$/` pairs with no letter
        #expect(Code39FullASCII.decoded("AB+") == nil)  // a shift at the end
        #expect(Code39FullASCII.decoded("/P") == nil)  // `/P`-`/Y` are not in the table
        #expect(Code39FullASCII.decoded("+1") == nil)
    }

    @Test func basicSetIsDigitsUpperCaseSpaceAndFiveSymbols() {
        #expect(Code39FullASCII.isBasic("CARD-123 $/+%."))
        #expect(!Code39FullASCII.isBasic("Card"))
        #expect(!Code39FullASCII.isBasic("CARD#1"))
        #expect(Code39FullASCII.symbolCharacterCount("Ab+1") == 6)
    }

    /// A basic payload keeps plain Code 39's bars: one symbol character each, `$ / + %` included
    /// (full ASCII would write them as pairs).
    @Test func basicPayloadIsPlainCode39() throws {
        let matrix = try BarcodeEncoder.encode("A$/+%", as: .code39)
        #expect(matrix.width == (5 + 2) * 16 - 1)
        #expect(matrix.payload == "A$/+%")
    }

    /// Outside the basic set every character but 0-9, A-Z, space, `-` and `.` takes a pair; the
    /// matrix keeps the text as given (what the label prints under the bars).
    @Test func otherASCIIIsFullASCII() throws {
        let matrix = try BarcodeEncoder.encode("Ab+1", as: .code39)
        #expect(matrix.width == (6 + 2) * 16 - 1)
        #expect(matrix.payload == "Ab+1")
    }

    @Test func fullASCIILengthCountsPairs() throws {
        #expect(try Symbology.code39.validate(String(repeating: "a", count: 42)).count == 42)
        #expect(
            throws: BarcodeError.overCapacity(
                .code39,
                detail:
                    "at most 85 symbol characters in full ASCII, where lower case and punctuation take two each, got 86; shorten the data"
            )
        ) {
            try Symbology.code39.validate(String(repeating: "a", count: 43))
        }
        #expect(throws: BarcodeError.overCapacity(.code39, detail: "at most 85 characters, got 86; shorten the data")) {
            try Symbology.code39.validate(String(repeating: "A", count: 86))
        }
    }

    @Test func nonASCIIAndNULAreRefused() {
        let allowed = "ASCII characters except NUL (full ASCII for lower case and punctuation)"
        #expect(throws: BarcodeError.invalidCharacter(.code39, character: "é", position: 3, allowed: allowed)) {
            try Symbology.code39.validate("caé")
        }
        #expect(throws: BarcodeError.invalidCharacter(.code39, character: "\0", position: 2, allowed: allowed)) {
            try Symbology.code39.validate("a\0")
        }
    }
}
