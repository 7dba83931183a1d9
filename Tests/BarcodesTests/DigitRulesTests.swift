import Barcodes
import Testing

/// Digit rules the length and character-set tests left open (found by `make mutants`): ITF
/// pairs its digits, so an odd count long enough to pass the minimum is still refused; Codabar
/// takes the ASCII digits only, not every character Unicode calls a number.
@Suite struct DigitRulesTests {
    @Test(arguments: ["1234567", "123456789", String(repeating: "9", count: 89)])
    func itfRefusesAnOddNumberOfDigitsAboveTheMinimum(_ digits: String) {
        #expect(
            throws: BarcodeError.wrongLength(
                .itf, count: digits.count, expected: "an even number of digits (add a leading 0)")
        ) {
            try Symbology.itf.validate(digits)
        }
    }

    @Test(arguments: ["12\u{0663}4", "12\u{FF13}4", "12\u{00B3}4"])  // Arabic-Indic 3, fullwidth 3, superscript 3
    func codabarRefusesDigitsOutsideASCII(_ payload: String) {
        let third = payload[payload.index(payload.startIndex, offsetBy: 2)]
        #expect(
            throws: BarcodeError.invalidCharacter(
                .codabar, character: third, position: 3,
                allowed: "digits 0-9 and - $ : / . + between optional start/stop letters A-D")
        ) {
            try Symbology.codabar.validate(payload)
        }
    }
}
