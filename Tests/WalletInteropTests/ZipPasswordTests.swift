import Foundation
import Testing
import ZipArchive
import WalletTestSupport
@testable import WalletInterop
import WalletCore

/// Password-protected zips through libzip: a WinZip AES-256 (AE-2) zip written by pyzipper
/// (as Catima's zip4j writes them) and ZipCrypto zips written by Info-ZIP's `zip -e`.
@Suite struct ZipPasswordTests {
    /// pyzipper 0.4: `catima.csv` (a version 1 export of two cards, 129 bytes), AES-256, AE-2,
    /// deflated, password `secret`.
    static let aesZip = Data(
        base64Encoded: """
            UEsDBBQAAQBjAMEdd10AAAAAiwAAAIEAAAAKAAsAY2F0aW1hLmNzdgGZBwACAEFFAwgAPs+MrCqCnHwmyWBV6yjXCsPPBBnB\
            Uu0kEeJfG1UteWaAfvq3IYIQiCuG+x/Aya9V26AolxyLLTVMfjYn9qr8VD3hg21kq3Zd4uq5LL1apQSvTZtMjIpSbmzBREA2\
            pWIwE9gCrJO+FIF5sGTpQu+HCeC2P89S2wCJcKoTJHjYljnM8JGl1D9n1XR/H1BLAQIUAxQAAQBjAMEdd10AAAAAiwAAAIEA\
            AAAKAAsAAAAAAAAAAACAAQAAAABjYXRpbWEuY3N2AZkHAAIAQUUDCABQSwUGAAAAAAEAAQBDAAAAvgAAAAAA
            """)!

    private func read(_ data: Data, password: String?) throws(ImportError) -> (ImportFormat, WalletArchive) {
        try WalletImporter(now: Fixtures.now, timeZone: Fixtures.utc, password: password).read(data, file: "x.zip")
    }

    private func problem(_ data: Data, password: String?) -> ImportProblem? {
        do {
            _ = try read(data, password: password)
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func aesZipWithItsPasswordReadsEveryCard() throws {
        let (format, archive) = try read(Self.aesZip, password: "secret")
        #expect(format == .catimaZip)
        #expect(archive.cards.map(\.fields.store) == ["Old Shop", "Points Club"])
        #expect(archive.cardLocations == [.entry("catima.csv", line: 2), .entry("catima.csv", line: 3)])
        // The Catima path's own warnings (version 1 has no starstatus/archive), inside the member.
        #expect(archive.warnings.count == 4 && archive.warnings.allSatisfy { "\($0)".hasPrefix("catima.csv line ") })
    }

    @Test func aesZipWithoutOrWithAWrongPasswordIsRefused() {
        #expect(problem(Self.aesZip, password: nil) == .encryptedZip)
        guard case .wrongPassword(let detail, certain: true)? = problem(Self.aesZip, password: "nope") else {
            Issue.record("a wrong AES password is not reported as one")
            return
        }
        #expect(detail.contains("Wrong password"))
    }

    @Test func aesDataFailingItsAuthenticationCodeIsAProbablyWrongPassword() {
        var damaged = Self.aesZip
        damaged[damaged.startIndex + 70] ^= 0x01  // inside the encrypted data, after salt and verifier
        guard case .wrongPassword(_, certain: false)? = problem(damaged, password: "secret") else {
            Issue.record("damaged AES data was not refused as undecryptable")
            return
        }
    }

    @Test func zipCryptoWithItsPasswordReadsTheSameCardsAsAPlainZip() throws {
        let csv = Fixtures.catimaV2
        let (_, locked) = try read(ZipCryptoArchive.catima(csv, password: "pässword"), password: "pässword")
        let (_, plain) = try read(Fixtures.zip([("catima.csv", csv)]), password: nil)
        #expect(Fixtures.comparable(locked.cards) == Fixtures.comparable(plain.cards))
    }

    @Test func zipCryptoWithAWrongPasswordIsRefused() throws {
        let locked = try ZipCryptoArchive.catima(Fixtures.catimaV2, password: "right")
        guard case .wrongPassword? = problem(locked, password: "wrong") else {
            Issue.record("a wrong ZipCrypto password is not reported as one")
            return
        }
    }

    @Test func passwordForAPlainZipIsReportedUnlessItCameFromTheEnvironment() throws {
        let plain = try Fixtures.zip([("catima.csv", Fixtures.catimaV2)])
        let (_, typed) = try read(plain, password: "secret")
        #expect(typed.warnings.map(\.description) == ["the file is not password-protected: the password was not needed"])
        let (_, quiet) = try WalletImporter(now: Fixtures.now, password: "secret", warnsOfUnneededPassword: false)
            .read(plain, file: "x.zip")
        #expect(quiet.warnings.isEmpty)
    }

    @Test func zipFailuresBecomeTheImportsProblems() {
        let unsupported = LibZipError(code: 24, message: "Encryption method not supported")
        #expect(
            ImportProblem(.unsupportedEncryption(unsupported))
                == .unsupportedEncryption("libzip: Encryption method not supported"))
        let notAZip = LibZipError(code: 19, message: "Not a zip archive")
        #expect(
            ImportProblem(.libzip(member: "catima.csv", notAZip))
                == .notAZip("catima.csv cannot be read: libzip: Not a zip archive"))
        #expect(ImportProblem(.libzip(member: nil, notAZip)) == .notAZip("libzip: Not a zip archive"))
        let wrong = LibZipError(code: 27, message: "Wrong password provided")
        #expect(ImportProblem(.wrongPassword(wrong)) == .wrongPassword(detail: "libzip: Wrong password provided", certain: true))
        #expect(
            ImportProblem(.memberTooLarge(path: "m", declared: 5, limit: .passStrings))
                == .entryTooLarge(name: "m", bytes: 5, limit: .passStrings))
        #expect(ImportProblem(.encryptedWithoutPassword) == .encryptedZip)
    }
}
