import Barcodes
import Testing
@testable import Scanning

@Suite struct ScanChoiceTests {
    private func found(_ format: ScannedFormat, _ text: String, page: Int? = nil) -> ScannedBarcode {
        ScannedBarcode(format: format, text: text, corners: Array(repeating: ScanPoint(x: 0, y: 0), count: 4), page: page)
    }

    @Test func theOnlyCodeIsTaken() throws {
        let chosen = try ScanChoice.card(from: [found(.storable(.ean13), "4006381333931")], pick: nil, path: "a.png")
        #expect(chosen.symbology == .ean13 && chosen.payload == "4006381333931")
    }

    @Test func severalNeedAPickAndTheErrorListsThem() throws {
        let codes = [found(.storable(.qr), "line1\nline2"), found(.unsupported("maxicode"), "MC", page: 2)]
        #expect(throws: ScanChoiceError.several(path: "a.pdf", summary: #"1 qr "line1␊line2", 2 maxicode "MC" (page 2)"#)) {
            try ScanChoice.card(from: codes, pick: nil, path: "a.pdf")
        }
        #expect(try ScanChoice.card(from: codes, pick: 1, path: "a.pdf").payload == "line1\nline2")
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
        #expect(try ScanChoice.card(from: [found(.storable(.codabar), "A123A")], pick: nil, path: "p.jpg").payload == "A123A")
    }

    @Test func aSingleReadingWithAOneDigitCheckNeedsAConfirmedPick() throws {
        var single = found(.storable(.ean13), "4006381333931")
        single.unconfirmed = true
        let refusal = ScanChoiceError.unconfirmed(path: "p.jpg", summary: #"1 ean13 "4006381333931" (unconfirmed)"#, pick: 1)
        #expect(throws: refusal) { try ScanChoice.card(from: [single], pick: nil, path: "p.jpg") }
        #expect(throws: refusal) { try ScanChoice.card(from: [single], pick: 1, path: "p.jpg") }
        #expect(refusal.description.contains("--pick 1 --confirm"))
        #expect(try ScanChoice.card(from: [single], pick: 1, confirmed: true, path: "p.jpg").payload == "4006381333931")
    }

    @Test func thePayloadIsKeptAsEncodedWithItsHumanForm() throws {
        var iso = found(.storable(.dataMatrix), "[)>\u{1E}06\u{1D}DD1234\u{1E}\u{04}")
        iso.symbologyIdentifier = "]d1"
        let code = try ScanChoice.card(from: [iso], pick: nil, path: "t.png")
        #expect(code.payload == iso.text && code.display == "[)>␞06␝DD1234␞␄" && !code.gs1)
        var gs1 = found(.storable(.code128), "010950400005910121123\u{1D}10ABC")
        gs1.gs1 = true
        let element = try ScanChoice.card(from: [gs1], pick: nil, path: "g.png")
        #expect(element.gs1 && element.payload == gs1.text && element.display == "(01)09504000059101(21)123(10)ABC")
        var latin1 = found(.storable(.qr), "Zoë")
        latin1.textEncoding = .latin1
        #expect(try ScanChoice.card(from: [latin1], pick: nil, path: "l.png").encoding == .latin1)
    }

    @Test func aPayloadThatCannotBeDrawnBackIsRefused() {
        let cases: [(ScannedBarcode, String)] = [
            (found(.storable(.dataMatrix), "AB\0CD"), "NUL"),
            (
                {
                    var shiftJIS = found(.storable(.qr), "テスト")
                    shiftJIS.textEncoding = nil
                    return shiftJIS
                }(), "character set"
            ),
            (
                {
                    var aim = found(.storable(.code128), "A1234")
                    aim.symbologyIdentifier = "]C2"
                    return aim
                }(), "second position"
            ),
            (
                {
                    var pdf = found(.storable(.pdf417), "0109504000059101")
                    pdf.gs1 = true
                    return pdf
                }(), "no GS1 pdf417"
            ),
        ]
        for (barcode, reason) in cases {
            #expect {
                try ScanChoice.card(from: [barcode], pick: nil, path: "x.png")
            } throws: { error in
                guard case .cannotDrawBack(_, _, let text) = error as? ScanChoiceError else { return false }
                return text.contains(reason)
            }
        }
    }

    @Test func readBytesTellTheCharacterSet() {
        #expect(ZXingFormat.textEncoding(of: "Café", utf8: Array("Café".utf8), symbolBytes: Array("Café".utf8)) == .utf8)
        #expect(ZXingFormat.textEncoding(of: "Café", utf8: Array("Café".utf8), symbolBytes: [0x43, 0x61, 0x66, 0xE9]) == .latin1)
        #expect(ZXingFormat.textEncoding(of: "テ", utf8: Array("テ".utf8), symbolBytes: [0x83, 0x65]) == nil)
    }
}
