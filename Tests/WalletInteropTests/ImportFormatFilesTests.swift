import Testing
import WalletInterop

/// What `card import`'s help and the shells' completion say comes from ``ImportFormat``: every
/// format once, with its extension.
@Suite struct ImportFormatFilesTests {
    @Test func theApplicationListNamesEveryFormatWithItsExtensions() {
        #expect(
            ImportFormat.applicationList
                == "Catima (.csv/.zip), Apple Wallet (.pkpass/.pkpasses), this wallet (.json), Voucher Vault (.json) or FidMe (.zip)"
        )
        for format in ImportFormat.allCases {
            #expect(ImportFormat.applicationList.contains(format.application))
            #expect(ImportFormat.applicationList.contains("." + format.fileExtension))
        }
    }

    @Test func theCompletedExtensionsAreEveryFormatsOnce() {
        #expect(ImportFormat.fileExtensions == ["csv", "zip", "pkpass", "pkpasses", "json"])
        #expect(Set(ImportFormat.fileExtensions) == Set(ImportFormat.allCases.map(\.fileExtension)))
    }
}
