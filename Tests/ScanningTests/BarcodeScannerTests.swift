import Barcodes
import Foundation
import Testing
@testable import Scanning

@Suite struct BarcodeScannerTests {
    /// Every format the wallet draws, with the text a scan must give back.
    static let samples: [(Symbology, String, String)] = [
        (.qr, "https://example.com/ü", "https://example.com/ü"), (.aztec, "AZ-1", "AZ-1"),
        (.pdf417, "PDF 417", "PDF 417"), (.dataMatrix, "DM-2", "DM-2"), (.code128, "C128-x", "C128-x"),
        (.code39, "C39", "C39"), (.code39, "c39 Full+ASCII!", "c39 Full+ASCII!"), (.code93, "C93", "C93"),
        (.codabar, "123", "A123A"),
        (.ean13, "400638133393", "4006381333931"), (.ean8, "9638507", "96385074"),
        (.upcA, "03600029145", "036000291452"), (.upcE, "0123456", "01234565"), (.itf, "123456", "123456"),
    ]

    @Test(arguments: samples.indices)
    func everyFormatComesBackAsDrawn(index: Int) throws {
        let (symbology, payload, text) = Self.samples[index]
        let files = try ScanTestFiles()
        let found = try BarcodeScanner().scan(fileAt: files.barcode(payload, as: symbology))
        #expect(found.map(\.format) == [.storable(symbology)])
        #expect(found.map(\.text) == [text])
        #expect(found.first?.page == nil)
        #expect(found.first?.corners.count == 4)
    }

    /// Every ASCII character but NUL, drawn as Code 39 full ASCII by libzint, comes back decoded
    /// by the one table both readers' raw readings go through.
    @Test(arguments: [1..<43, 43..<86, 86..<128])
    func code39FullASCIIComesBackDecoded(values: Range<UInt8>) throws {
        let payload = String(decoding: Array(values), as: UTF8.self)
        let files = try ScanTestFiles()
        let found = try BarcodeScanner().scan(fileAt: files.barcode(payload, as: .code39, moduleSize: 2))
        #expect(found.map(\.format) == [.storable(.code39)])
        #expect(found.map(\.text) == [payload])
    }

    /// `Xv` is drawn `X+V`, and `V` is the mod-43 check character of `X+`: zxing-cpp's own full
    /// ASCII decoding leaves it raw, the wallet's reads it as drawn.
    @Test func code39FullASCIIEndingInWhatLooksLikeACheckCharacter() throws {
        let files = try ScanTestFiles()
        let found = try BarcodeScanner().scan(fileAt: files.barcode("Xv", as: .code39))
        #expect(found.map(\.text) == ["Xv"])
    }

    @Test func onlyCode39TextsAreReadAsFullASCII() {
        #expect(ZXingFormat.text("+A+B", format: .storable(.code39)) == "ab")
        #expect(ZXingFormat.text("CARD $/", format: .storable(.code39)) == "CARD $/")
        #expect(ZXingFormat.text("+A+B", format: .storable(.code93)) == "+A+B")
        #expect(ZXingFormat.text("+A+B", format: .unsupported("code32")) == "+A+B")
    }

    @Test func positionIsTheSymbolInsideItsQuietZone() throws {
        let files = try ScanTestFiles()
        let found = try BarcodeScanner().scan(fileAt: files.barcode("POSITION", as: .qr, moduleSize: 5))
        let box = try #require(found.first).bounds
        #expect(box.x == 4 * 5 && box.y == 4 * 5)  // four quiet modules of 5 px
        #expect(box.width == 21 * 5 + 1 && box.height == 21 * 5 + 1)  // corners on the outer edges, both counted
    }

    @Test func refusesWhatIsNotAnImageOrPDF() throws {
        let files = try ScanTestFiles()
        let text = try files.write(Array("hello\n".utf8), named: "a.txt")
        #expect(throws: ScanError.unsupportedType(path: text, detected: nil)) { try BarcodeScanner().scan(fileAt: text) }
        let empty = try files.write([], named: "empty.png")
        #expect(throws: ScanError.empty(path: empty)) { try BarcodeScanner().scan(fileAt: empty) }
        #expect(throws: ScanError.notRegularFile(path: files.directory.path)) {
            try BarcodeScanner().scan(fileAt: files.directory.path)
        }
        let missing = files.directory.appendingPathComponent("missing.png").path
        #expect(throws: ScanError.unreadable(path: missing, reason: "No such file or directory")) {
            try BarcodeScanner().scan(fileAt: missing)
        }
    }

    @Test func corruptAndOversizedFilesAreRefusedBeforeDecoding() throws {
        let files = try ScanTestFiles()
        let png = try BarcodeEncoder.encode("CUT", as: .qr).png(moduleSize: 4)
        let cut = try files.write(Array(png.prefix(100)), named: "cut.png")
        #expect {
            try BarcodeScanner().scan(fileAt: cut)
        } throws: { error in
            guard case .corrupt(cut, "PNG", _) = error as? ScanError else { return false }
            return true
        }
        let whole = try files.write(png, named: "whole.png")
        var limits = ScanLimits.standard
        limits.maxFileBytes = png.count - 1
        #expect(throws: ScanError.tooLarge(path: whole, bytes: png.count, limit: png.count - 1)) {
            try BarcodeScanner(limits: limits).scan(fileAt: whole)
        }
        limits = .standard
        limits.maxPixels = 100
        #expect(throws: ScanError.tooManyPixels(path: whole, width: 29 * 4, height: 29 * 4, limit: 100)) {
            try BarcodeScanner(limits: limits).scan(fileAt: whole)
        }
    }

    @Test func pdfPagesStayWithinThePixelLimit() {
        var limits = ScanLimits.standard
        let (width, height, scale) = PDFDocument.rasterSize(widthPoints: 595, heightPoints: 842, limits: limits)
        #expect(abs(scale - 250.0 / 72) < 1e-9 && width == 2065 && height == 2923)
        limits.maxPixels = 1_000_000
        let bounded = PDFDocument.rasterSize(widthPoints: 595, heightPoints: 842, limits: limits)
        #expect(bounded.0 * bounded.1 <= 1_000_000 && bounded.0 * bounded.1 > 990_000)
        let huge = PDFDocument.rasterSize(widthPoints: 14_400, heightPoints: 100, limits: .standard)
        #expect(huge.0 <= 32767)
    }
}
