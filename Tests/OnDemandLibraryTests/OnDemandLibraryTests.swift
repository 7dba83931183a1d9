import Testing
import OnDemandLibrary

@Suite struct OnDemandLibraryTests {
    private typealias Length = @convention(c) (UnsafePointer<CChar>?) -> Int

    @Test func ownLibrariesAreLookedForInPrefixLibThenBesideTheExecutable() {
        let candidates = OnDemandLibrary.candidates(for: "libWalletScan.so")
        #expect(candidates.count == 2)
        #expect(candidates[0].hasSuffix("/lib/wallet/libWalletScan.so"))
        #expect(candidates[1].hasSuffix("/libWalletScan.so") && !candidates[1].contains("/lib/wallet/"))
    }

    @Test func aMissingOwnLibrarySaysWhereItWasLookedFor() {
        let name = "libWalletNoSuchLibrary.so"
        let expected = OnDemandLibraryError(name: name, looked: OnDemandLibrary.candidates(for: name), reason: nil)
        #expect(throws: expected) { try OnDemandLibrary.bundled(name) }
        #expect(expected.description == "no \(name) at \(expected.looked[0]) or \(expected.looked[1])")
    }

    @Test func aMissingSystemLibraryGivesTheLoadersMessage() throws {
        let error = try #require(throws: OnDemandLibraryError.self) { try OnDemandLibrary.system("libwallet-no-such.so.9") }
        #expect(error.looked == ["libwallet-no-such.so.9"])
        #expect(error.description.contains("libwallet-no-such.so.9") && error.description.contains("No such file"))
    }

    @Test func functionsAreLookedUpTyped() throws {
        let libc = try OnDemandLibrary.system("libc.so.6")
        let length = try libc.function("strlen", as: Length.self)
        #expect(length("wallet") == 6)
    }

    @Test func aMissingFunctionIsAnError() throws {
        let libc = try OnDemandLibrary.system("libc.so.6")
        let error = try #require(throws: OnDemandLibraryError.self) {
            try libc.function("wallet_no_such_function", as: Length.self)
        }
        #expect(error.description == "libc.so.6 lacks the function wallet_no_such_function")
    }
}
