import Foundation
import Testing
@testable import ZipArchive

/// Each failure of the zip plumbing comes out as the ``ZipArchiveError`` case naming it.
@Suite struct ZipArchiveErrorTests {
    private static let modified = Date(timeIntervalSince1970: 0)

    private func zip(_ files: [(String, String)]) throws -> Data {
        try ZipContainer.archiveData(files: files.map { ($0.0, Data($0.1.utf8)) }, modified: Self.modified)
    }

    @Test func libzipCodesBecomeTheCasesTheyMean() throws {
        let libzip = try LibZipLibrary.api()
        let wrong = LibZipError(code: LibZipError.wrongPassword, libzip: libzip)
        #expect(wrong.code == 27 && wrong.message == "Wrong password provided")
        #expect(wrong.failure(member: "catima.csv") == .wrongPassword(wrong))
        let unsupported = LibZipError(code: LibZipError.unsupportedEncryption, libzip: libzip)
        #expect(unsupported.failure(member: "catima.csv") == .unsupportedEncryption(unsupported))
        let crc = LibZipError(code: 7, libzip: libzip)  // ZIP_ER_CRC
        #expect(crc.failure(member: "catima.csv") == .decryptsToInvalidData(crc))
        let noPassword = LibZipError(code: 26, libzip: libzip)  // ZIP_ER_NOPASSWD
        #expect(noPassword.failure(member: "catima.csv") == .encryptedWithoutPassword)
        let notAZip = LibZipError(code: 19, libzip: libzip)
        #expect(notAZip.message == "Not a zip archive")
        #expect(notAZip.failure(member: "catima.csv") == .libzip(member: "catima.csv", notAZip))
    }

    @Test func boundedMemberRefusesPastItsCapAndItsDeclaredSize() throws {
        let over = MemberLimit.member.bytes + 1
        #expect(throws: ZipArchiveError.memberTooLarge(path: "m", declared: over, limit: .member)) {
            try BoundedMember(path: "m", declared: over)
        }
        var member = try BoundedMember(path: "m", declared: 4)
        try member.append([1, 2, 3])
        #expect(throws: ZipArchiveError.corrupt("m inflates to more than the 4 bytes it declares")) { try member.append([4, 5]) }
        #expect(throws: ZipArchiveError.corrupt("m holds 3 bytes but declares 4")) { try member.finished() }
    }

    @Test func plainZipFailuresNameTheirCondition() throws {
        let zip = try ZipContainer(data: self.zip([("a.txt", "hello"), ("b.txt", "world")]))
        #expect(zip.filePaths == ["a.txt", "b.txt"])
        #expect(try zip.contents(of: "a.txt") == Data("hello".utf8))
        #expect(throws: ZipArchiveError.memberMissing("c.txt")) { try zip.contents(of: "c.txt") }
        let small = MemberLimit(bytes: 4, what: "a small member")
        #expect(throws: ZipArchiveError.memberTooLarge(path: "a.txt", declared: 5, limit: small)) {
            try zip.contents(of: "a.txt", limit: small)
        }
        #expect(throws: ZipArchiveError.corrupt("no end of central directory")) {
            try ZipContainer(data: Data("PK\u{3}\u{4}".utf8))
        }
    }

    @Test func membersCountAgainstTheirArchivesBudget() throws {
        let zip = try ZipContainer(data: self.zip([("a.txt", "hello"), ("b.txt", "world")]), budget: InflateBudget(limit: 8))
        _ = try zip.contents(of: "a.txt")
        #expect(throws: ZipArchiveError.inflatesTooMuch(limit: 8)) { try zip.contents(of: "b.txt") }
        #expect(zip.budget.spent == 10)
    }

    @Test func libzipReadsPlainMembersAndNamesWhatFails() throws {
        let zip = try LibZipArchive(data: self.zip([("catima.csv", "1")]), password: "x")
        #expect(!zip.hasEncryptedMember)
        #expect(try zip.contents(of: "catima.csv") == Data("1".utf8))
        #expect(throws: ZipArchiveError.memberMissing("missing.csv")) { try zip.contents(of: "missing.csv") }
        #expect(throws: ZipArchiveError.libzip(member: nil, LibZipError(code: 19, message: "Not a zip archive"))) {
            try LibZipArchive(data: Data("not a zip".utf8), password: "x")
        }
    }
}
