import Foundation
import Testing
import WalletCore
@testable import WalletInterop
import Barcodes

/// Rows Catima's importer accepts are imported the same way, each reported as a warning.
@Suite struct CatimaLeniencyTests {
    private let importer = WalletImporter(now: Fixtures.now, timeZone: Fixtures.utc)

    private func read(_ rows: [String]) throws -> WalletArchive {
        let text = (["2", "", "_id", "", Fixtures.cardsHeader] + rows + ["", "cardId,groupId", ""]).joined(separator: "\n")
        return try importer.read(Data(text.utf8), file: "c.csv").1
    }

    @Test func flagsThatAreNotNumbersAreFalse() throws {
        let archive = try read(["1,Shop,,,,0,,1,,,,-1,yes,0,maybe", "2,Other,,,,0,,2,,,,-1,1,0,1"])
        #expect(!archive.cards[0].favorite && !archive.cards[0].archived)
        #expect(archive.cards[1].favorite && archive.cards[1].archived)
        #expect(
            archive.warnings.map(\.description) == [
                "line 6: starstatus 'yes' is not a number: imported as not starred",
                "line 6: archive 'maybe' is not a number: imported as not archived",
            ])
    }

    @Test func unreadableColorGetsTheStoresColor() throws {
        let archive = try read(["1,Shop,,,,0,,1,,,,#FF0000,0,0,0"])
        #expect(archive.cards[0].color == CardColor.derived(fromStore: "Shop"))
        #expect(archive.warnings.first?.message.hasPrefix("color '#FF0000'") == true)
    }

    @Test func unencodableCodeIsKeptAsText() throws {
        let archive = try read([
            "1,Shop,,,,0,,5901234123457,,EAN_13,,-1,0,0,0", "2,Bad,,,,0,,5901234123458,,EAN_13,,-1,0,0,0",
            "3,Value,,,,0,,Card 1,ABC,EAN_13,,-1,0,0,0",
        ])
        #expect(archive.cards.map(\.format) == [.ean13, nil, nil])
        #expect(archive.cards[1].code == "5901234123458")
        #expect(archive.warnings.map(\.location) == [.line(7), .line(8)])
        #expect(archive.warnings[0].message.contains("code '5901234123458' is not valid EAN_13: wrong check digit 8"))
        #expect(archive.warnings[1].message.contains("code 'ABC' is not valid EAN_13"))
    }

    @Test func barcodeEncodingIsReadAndFallsBackToUTF8() throws {
        let archive = try read([
            "1,Latin,,,,0,,K-1,Zoë,QR_CODE,ISO-8859-1,-1,0,0,0", "2,Utf,,,,0,,U-2,,QR_CODE,UTF-8,-1,0,0,0",
            "3,None,,,,0,,N-3,,QR_CODE,,-1,0,0,0", "4,Euro,,,,0,,E-4,5 €,QR_CODE,ISO-8859-1,-1,0,0,0",
            "5,Odd,,,,0,,Ö-5,,AZTEC,x-mac-roman,-1,0,0,0", "6,Odd ASCII,,,,0,,O-6,,AZTEC,x-mac-roman,-1,0,0,0",
        ])
        #expect(archive.cards.map(\.barcodeEncoding) == [.latin1, nil, nil, nil, nil, nil])
        #expect(archive.cards.map(\.format) == [.qr, .qr, .qr, .qr, .aztec, .aztec])
        #expect(
            archive.warnings.map(\.description) == [
                "line 9: barcodeencoding ISO-8859-1 cannot hold every character of the barcode: it is written in UTF-8",
                "line 10: barcodeencoding 'x-mac-roman' is not UTF-8 or ISO-8859-1: the barcode is written in UTF-8",
            ])
    }

    @Test func warningsInsideAZipNameTheEntry() throws {
        let csv = (["2", "", "_id", "", Fixtures.cardsHeader, "1,Shop,,,,0,,1,,,,-1,x,0,0", "", "cardId,groupId", ""])
            .joined(separator: "\n")
        let (_, archive) = try importer.read(Fixtures.zip([("catima.csv", csv)]), file: "b.zip")
        #expect(archive.warnings.map(\.location) == [.entry("catima.csv", line: 6)])
    }
}
