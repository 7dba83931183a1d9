import Foundation
import Testing
import WalletCore
@testable import WalletInterop

/// Format detection from content, and the malformed-file catalog: every bad file fails with the
/// file, the line or entry, and the reason.
@Suite struct ImportCatalogTests {
    private let importer = WalletImporter(now: Fixtures.now, timeZone: Fixtures.utc)

    private func format(_ data: Data) throws -> ImportFormat {
        try importer.read(data, file: "f").0
    }

    @Test func detectsFormatsFromContentNotName() throws {
        #expect(try format(Data(Fixtures.catimaV2.utf8)) == .catimaCSV)
        #expect(try format(Data(Fixtures.catimaV1.utf8)) == .catimaCSV)
        #expect(try format(Fixtures.zip([("catima.csv", Fixtures.catimaV2), ("card_1_front.png", "png")])) == .catimaZip)
        #expect(try format(PKPassReaderTests.pkpass(PKPassReaderTests.modern)) == .pkpass)
        #expect(try format(Data("  \n[]".utf8)) == .walletJSON)
        let json = try WalletJSONCodec(now: Fixtures.now).encode(WalletArchive())
        #expect(try format(json) == .walletJSON)
    }

    @Test func catimaZipImportsItsCSV() throws {
        let data = try Fixtures.zip([("catima.csv", Fixtures.catimaV2), ("card_1_icon.png", "png")])
        let (_, archive) = try importer.read(data, file: "backup.zip")
        #expect(archive.cards.count == 14)
    }

    /// The error `data` fails with, read as `file`.
    private func failure(_ data: Data, file: String = "bad.csv") -> ImportError? {
        do {
            _ = try importer.read(data, file: file)
            Issue.record("\(file) was accepted")
            return nil
        } catch {
            return error
        }
    }

    private func catima(_ cardRows: [String], header: String = Fixtures.cardsHeader) -> Data {
        Data((["2", "", "_id", "", header] + cardRows + ["", "cardId,groupId", ""]).joined(separator: "\n").utf8)
    }

    private let good = "1,Shop,,,,0,,5901234123457,,EAN_13,,-1,0,0,0"

    @Test func badQuoting() {
        let error = failure(catima([good, "2,\"Unclosed,,,,0,,1,,,,-1,0,0,0"]))
        #expect(error?.location == .line(7))
        #expect(
            error?.description.hasPrefix("cannot import bad.csv: line 7: bad quoting: the quoted field opened on line 7") == true)
        #expect(failure(catima(["1,Sh\"op,,,,0,,1,,,,-1,0,0,0"]))?.location == .line(6))
    }

    @Test func wrongColumnCount() {
        let error = failure(catima([good, "2,Shop,,,,0,,1,,,,-1,0,0"]))
        #expect(error?.problem == .wrongColumnCount(found: 14, expected: 15))
        #expect(error?.location == .line(7))
    }

    @Test func unknownAndUnsupportedBarcodeTypes() {
        let unknown = failure(catima(["1,Shop,,,,0,,1,,BARCODE_X,,-1,0,0,0"]))
        #expect(unknown?.problem == .unknownBarcodeType("BARCODE_X"))
        #expect(unknown?.location == .line(6))
        #expect(failure(catima(["1,Shop,,,,0,,1,,RSS_14,,-1,0,0,0"]))?.problem == .unsupportedBarcodeType("RSS_14"))
        #expect(failure(catima(["1,Shop,,,,0,,1,,MAXICODE,,-1,0,0,0"]))?.problem == .unsupportedBarcodeType("MAXICODE"))
    }

    @Test func badFieldValues() {
        #expect(failure(catima(["x,Shop,,,,0,,1,,,,-1,0,0,0"]))?.problem == .invalidNumber(field: "_id", value: "x"))
        #expect(failure(catima(["1,,,,,0,,1,,,,-1,0,0,0"]))?.problem == .requiredFieldEmpty("store"))
        #expect(failure(catima(["1,Shop,,,,0,,,,,,-1,0,0,0"]))?.problem == .requiredFieldEmpty("cardid"))
        #expect(failure(catima(["1,Shop,,,soon,0,,1,,,,-1,0,0,0"]))?.problem == .invalidNumber(field: "expiry", value: "soon"))
        #expect(failure(catima(["1,Shop,,,,lots,,1,,,,-1,0,0,0"]))?.problem == .invalidNumber(field: "balance", value: "lots"))
        #expect(failure(catima(["1,Shop,,,,5,EURO,1,,,,-1,0,0,0"]))?.problem == .invalidCurrency("EURO"))
        #expect(failure(catima([good, good]))?.problem == .duplicateCardID("1"))
    }

    @Test func structuralProblems() {
        #expect(failure(Data("3\n\n_id\n".utf8))?.problem == .unsupportedVersion("3"))
        #expect(failure(Data("2\n\n_id\nFood\n".utf8))?.problem == .missingSection("cards"))
        #expect(failure(catima([good], header: "_id,name,cardid"))?.problem == .unexpectedSection("_id,name,cardid"))
        #expect(failure(Data("_id,store,note\n1,Shop,\n".utf8))?.problem == .missingColumns(["cardid"]))
        let noBlankLine = Data("2\n\n_id\nFood\n\(Fixtures.cardsHeader)\n\(good)\n".utf8)
        #expect(failure(noBlankLine)?.problem == .wrongColumnCount(found: 15, expected: 1))
    }

    @Test func zipWithoutTheExpectedFile() throws {
        let error = failure(try Fixtures.zip([("notes.txt", "hello")]), file: "backup.zip")
        #expect(error?.problem == .missingZipEntry(["catima.csv", "pass.json"]))
        #expect(error?.description.hasPrefix("cannot import backup.zip: the zip holds no catima.csv or pass.json") == true)
    }

    @Test func errorInsideAZippedCSVNamesTheEntryAndLine() throws {
        let csv = String(decoding: catima(["1,Shop,,,,0,,1,,BARCODE_X,,-1,0,0,0"]), as: UTF8.self)
        let error = failure(try Fixtures.zip([("catima.csv", csv)]), file: "backup.zip")
        #expect(error?.location == .entry("catima.csv", line: 6))
        #expect(error?.description.hasPrefix("cannot import backup.zip: catima.csv line 6: unknown barcode type") == true)
    }

    @Test func garbageEmptyAndDamagedFiles() {
        #expect(failure(Data())?.problem == .emptyFile)
        #expect(failure(Data(" \r\n\n".utf8))?.problem == .emptyFile)
        #expect(failure(Data((0..<512).map { UInt8(($0 * 37 + 11) % 256) }))?.problem == .unrecognizedFormat)
        #expect(failure(Data("hello,world\n1,2\n".utf8))?.problem == .unrecognizedFormat)
        if case .notAZip? = failure(Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 64)), file: "x.pkpass")?.problem {
        } else {
            Issue.record("a damaged zip was not reported as such")
        }
        #expect(failure(Data([0x32, 0x0A, 0x0A, 0x5F, 0x69, 0x64, 0x0A, 0xFF, 0xFE]))?.problem == .notUTF8)
    }

    @Test func missingFileIsReported() {
        #expect {
            try importer.read(contentsOf: URL(fileURLWithPath: "/nonexistent/cards.csv"), file: "cards.csv")
        } throws: { error in
            (error as? ImportError)?.problem == .cannotRead("no such file")
        }
    }

    @Test func everyErrorIsOneLine() throws {
        let problems: [ImportProblem] = [
            .badQuoting("x"), .wrongColumnCount(found: 1, expected: 2), .unknownBarcodeType("X"),
            .missingZipEntry(["catima.csv"]), .emptyFile, .unrecognizedFormat, .passWithoutName,
            .passWithoutBarcode(foundFormats: []), .invalidJSON("x"),
        ]
        for problem in problems {
            let text = ImportError(file: "f", location: .line(1), problem: problem).description
            #expect(!text.contains("\n"))
            #expect(text.hasSuffix("nothing was imported"))
        }
    }
}
