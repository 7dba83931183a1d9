import Foundation
import Testing
import ZipArchive
@testable import WalletInterop

/// The detector's order (docs/ARCHITECTURE.md, "Adding an import format"): every format is tried
/// once, in an order where a file bearing two formats' signatures is read as the one it is.
@Suite struct ImportFormatDetectorTests {
    private func detected(_ data: Data) throws -> ImportFormat {
        try ImportFormatDetector.detect(data)
    }

    @Test func everyFormatIsTriedOnceInTheDocumentedOrder() {
        #expect(ImportFormatDetector.order == [.pkpass, .catimaZip, .pkpasses, .fidMe, .voucherVault, .walletJSON, .catimaCSV])
        #expect(ImportFormatDetector.order.count == ImportFormat.allCases.count)
        #expect(Set(ImportFormatDetector.order.map(\.rawValue)) == Set(ImportFormat.allCases.map(\.rawValue)))
    }

    @Test func aFileWithTwoSignaturesIsTheEarlierFormat() throws {
        let pass = PKPassReaderTests.modern
        // A pass that happens to carry a catima.csv is still a pass.
        #expect(try detected(Fixtures.zip([("pass.json", pass), ("catima.csv", Fixtures.catimaV2)])) == .pkpass)
        // A Catima backup holding a .pkpass member is a Catima zip, not a bundle.
        #expect(try detected(Fixtures.zip([("catima.csv", Fixtures.catimaV2), ("ticket.pkpass", "zip")])) == .catimaZip)
        #expect(try detected(Fixtures.zip([("a.pkpass", "zip"), (FidMeReader.csvEntry, FidMeReaderTests.csv)])) == .pkpasses)
        #expect(try detected(Fixtures.zip([(FidMeReader.csvEntry, FidMeReaderTests.csv)])) == .fidMe)
        // Voucher Vault's export is a JSON array: tried before wallet JSON, which takes other arrays.
        #expect(try detected(Data(VoucherVaultReaderTests.export.utf8)) == .voucherVault)
        #expect(try detected(Data("[]".utf8)) == .walletJSON)
        #expect(try detected(Data(Fixtures.catimaV2.utf8)) == .catimaCSV)
    }

    @Test func eachFormatRecognizesOnlyItsOwnKindOfContent() throws {
        let zip = try Fixtures.zip([("catima.csv", Fixtures.catimaV2)])
        let inZip = ImportFormatDetector.Content(data: zip, first: zip[0], zip: try ZipContainer.reading(zip))
        let csv = Data(Fixtures.catimaV2.utf8)
        let bare = ImportFormatDetector.Content(data: csv, first: csv[0], zip: nil)
        // A Catima CSV inside a zip is the zip's business; the bare-file formats look at bare files only.
        #expect(ImportFormat.allCases.filter { ImportFormatDetector.recognizes($0, in: inZip) } == [.catimaZip])
        #expect(ImportFormat.allCases.filter { ImportFormatDetector.recognizes($0, in: bare) } == [.catimaCSV])
    }

    @Test func whatNoFormatClaimsFailsWithItsReason() {
        #expect(throws: LocatedProblem(.emptyFile)) { try detected(Data(" \n".utf8)) }
        #expect(throws: LocatedProblem(.unrecognizedFormat)) { try detected(Data("hello".utf8)) }
        #expect(throws: LocatedProblem(.missingZipEntry(["catima.csv", "pass.json"]))) {
            try detected(Fixtures.zip([("notes.txt", "x")]))
        }
    }

    @Test func everyFormatHasAReaderOfItsOwn() throws {
        // The reader the importer uses for each format reads a file of that format.
        #expect(ImportFormat.allCases.count == 7, "a new format gets a file here")
        let files: [(ImportFormat, Data)] = [
            (.catimaCSV, Data(Fixtures.catimaV2.utf8)),
            (.catimaZip, try Fixtures.zip([("catima.csv", Fixtures.catimaV2)])),
            (.pkpass, try PKPassReaderTests.pkpass(PKPassReaderTests.modern)),
            (
                .pkpasses,
                try ZipContainer.archiveData(
                    files: [("a.pkpass", try PKPassReaderTests.pkpass(PKPassReaderTests.modern))], modified: Fixtures.now)
            ),
            (.walletJSON, try WalletJSONCodec(now: Fixtures.now).encode(WalletArchive())),
            (.voucherVault, Data(VoucherVaultReaderTests.export.utf8)),
            (.fidMe, try Fixtures.zip([(FidMeReader.csvEntry, FidMeReaderTests.csv)])),
        ]
        for (format, data) in files {
            #expect(try detected(data) == format)
            let archive = try format.reader(now: Fixtures.now, timeZone: Fixtures.utc).read(data, file: "f")
            #expect(!archive.cards.isEmpty || format == .walletJSON, "\(format)")
        }
    }
}
