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

    @Test func zxingNamesMapToTheWalletsFormats() {
        #expect(ZXingFormat.scannedFormat(zxingName: "QRCode") == .storable(.qr))
        #expect(ZXingFormat.scannedFormat(zxingName: "EAN-13") == .storable(.ean13))
        #expect(ZXingFormat.scannedFormat(zxingName: "UPC-E") == .storable(.upcE))
        #expect(ZXingFormat.scannedFormat(zxingName: "DataBarExpanded") == .unsupported("databar-expanded"))
        #expect(ZXingFormat.scannedFormat(zxingName: "MaxiCode").name == "maxicode")
        // zxing-cpp 2.x and later give UPC-A as 13 digits; the wallet's UPC-A has 12.
        #expect(ZXingFormat.walletText("0036000291452", for: .storable(.upcA)) == "036000291452")
        #expect(ZXingFormat.walletText("036000291452", for: .storable(.upcA)) == "036000291452")
        #expect(ZXingFormat.walletText("4006381333931", for: .storable(.ean13)) == "4006381333931")
    }
}
