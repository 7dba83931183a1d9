import Foundation
import Testing
import WalletCore
import WalletInterop
import WalletTestSupport

@testable import App

/// A password-protected zip in the app's import (``CardImport``): asked for while it is missing
/// or wrong, with `card import --password`'s message; read and saved with the right one.
@Suite struct ImportPasswordTests {
    static let csv = "_id,store,note,cardid,barcodetype,headercolor,headertextcolor\n1,Old Shop,,123456,CODE_128,-1,0\n"

    @Test func aMissingOrWrongPasswordIsAskedForAndTheRightOneImports() throws {
        let container = TemporaryContainer()
        let importer = CardImport(repository: try container.repository(), clock: container.clock)
        let directory = TemporaryDirectory("import-password")
        let locked = directory.file("locked.zip")
        try ZipCryptoArchive.catima(Self.csv, password: "right").write(to: locked)

        let missing = try #require(CardImport.passwordRefusal(importer.read(locked.path, file: "locked.zip")))
        #expect(missing.hasPrefix("cannot import locked.zip: the zip is encrypted"))
        let wrong = try #require(
            CardImport.passwordRefusal(importer.read(locked.path, file: "locked.zip", password: "wrong")))
        #expect(wrong.hasPrefix("wrong password for locked.zip"))
        #expect(try container.repository().cards(includeArchived: true).isEmpty)

        let right = importer.read(locked.path, file: "locked.zip", password: "right")
        #expect(CardImport.passwordRefusal(right) == nil)
        guard case .saved(let summary, let warnings, _) = importer.save(right, file: "locked.zip") else {
            Issue.record("not saved")
            return
        }
        #expect(summary == ImportSummary(added: 1, skipped: 0) && !warnings.contains { $0.contains("password") })
    }

    @Test func otherRefusalsAreNotAboutThePassword() throws {
        let container = TemporaryContainer()
        let importer = CardImport(repository: try container.repository(), clock: container.clock)
        let directory = TemporaryDirectory("import-password")
        let bad = directory.file("bad.csv")
        try Data("_id,store,cardid,barcodetype\n1,Shop,1,BARCODE_X\n".utf8).write(to: bad)
        #expect(CardImport.passwordRefusal(importer.read(bad.path, file: "bad.csv")) == nil)
    }
}
