import Barcodes
import Testing
@testable import Scanning

@Suite struct ScanChoiceTests {
    private func found(_ format: ScannedFormat, _ text: String, page: Int? = nil) -> ScannedBarcode {
        ScannedBarcode(format: format, text: text, corners: Array(repeating: ScanPoint(x: 0, y: 0), count: 4), page: page)
    }

    @Test func theOnlyCodeIsTaken() throws {
        let chosen = try ScanChoice.card(from: [found(.storable(.ean13), "4006381333931")], pick: nil, path: "a.png")
        #expect(chosen.symbology == .ean13 && chosen.text == "4006381333931")
    }

    @Test func severalNeedAPickAndTheErrorListsThem() throws {
        let codes = [found(.storable(.qr), "line1\nline2"), found(.unsupported("maxicode"), "MC", page: 2)]
        #expect(throws: ScanChoiceError.several(path: "a.pdf", summary: #"1 qr "line1\nline2", 2 maxicode "MC" (page 2)"#)) {
            try ScanChoice.card(from: codes, pick: nil, path: "a.pdf")
        }
        #expect(try ScanChoice.card(from: codes, pick: 1, path: "a.pdf").text == "line1\nline2")
        #expect(throws: ScanChoiceError.pickOutOfRange(path: "a.pdf", pick: 3, count: 2)) {
            try ScanChoice.card(from: codes, pick: 3, path: "a.pdf")
        }
        #expect(throws: ScanChoiceError.unsupported(path: "a.pdf", format: "maxicode", text: "MC")) {
            try ScanChoice.card(from: codes, pick: 2, path: "a.pdf")
        }
    }

    @Test func nothingFoundSaysSo() {
        #expect(throws: ScanChoiceError.nothingFound(path: "x.jpg")) { try ScanChoice.card(from: [], pick: nil, path: "x.jpg") }
        #expect(ScanChoiceError.nothingFound(path: "x.jpg").description.hasPrefix("no barcode found in x.jpg"))
    }

    @Test func shownTextIsOneSafeLine() {
        #expect(ScanText.quoted("a\"b\\c\u{7}\u{202E}") == #""a\"b\\c\u{7}\u{202e}""#)
        #expect(ScanText.quoted("abcdef", limit: 3) == "\"abc…\"")
    }

    @Test func readerNamesMapToTheWalletsFormats() {
        #expect(ZXingFormat.scannedFormat(name: "qr") == .storable(.qr))
        #expect(ZXingFormat.scannedFormat(name: "upc-e") == .storable(.upcE))
        #expect(ZXingFormat.scannedFormat(name: "databar-expanded") == .unsupported("databar-expanded"))
        #expect(ZXingFormat.scannedFormat(name: "code32").name == "code32")
    }

    @Test func disputedReadingsAreRefusedAndListed() {
        var first = found(.storable(.upcA), "036000291452"), second = found(.storable(.ean13), "4036000291452")
        (first.disputed, second.disputed) = (true, true)
        let summary = #"1 upc-a "036000291452" (disputed), 2 ean13 "4036000291452" (disputed)"#
        for pick in [nil, 1, 2] {
            #expect(throws: ScanChoiceError.disputed(path: "p.jpg", summary: summary)) {
                try ScanChoice.card(from: [first, second], pick: pick, path: "p.jpg")
            }
        }
        #expect(
            ScanChoiceError.disputed(path: "p.jpg", summary: summary).description.hasPrefix(
                "the barcode readers disagree on p.jpg: 1 upc-a"))
    }

    @Test func aReadingThatFailsItsFormatsCheckIsRefused() throws {
        #expect(
            throws: ScanChoiceError.failsCheck(
                path: "p.jpg", summary: #"1 ean13 "4006381333932""#,
                reason: BarcodeError.wrongCheckDigit(.ean13, found: "2", expected: "1").description)
        ) {
            try ScanChoice.card(from: [found(.storable(.ean13), "4006381333932")], pick: nil, path: "p.jpg")
        }
        #expect(throws: ScanChoiceError.self) {
            try ScanChoice.card(from: [found(.storable(.code39), "CAFÉ")], pick: nil, path: "p.jpg")
        }
        #expect(try ScanChoice.card(from: [found(.storable(.codabar), "A123A")], pick: nil, path: "p.jpg").text == "A123A")
    }
}
