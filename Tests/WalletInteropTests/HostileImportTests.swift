import Foundation
import Testing
@testable import WalletInterop

/// Files that lie or are too big, built here: every one is refused with a located problem.
@Suite struct HostileImportTests {
    private let csv = "2\n\n_id\n\n\(Fixtures.cardsHeader)\n1,Shop,,,,0,,12345,,,,-1,0,0,0\n\ncardId,groupId\n"

    /// Rewrites a little-endian UInt32 at `offset` in the local header and at `centralOffset`
    /// in the central directory record of the archive's only member.
    private func patched(_ data: Data, local: Int, central: Int, value: UInt32) -> Data {
        var bytes = [UInt8](data)
        let record = (0..<bytes.count - 4).last { bytes[$0..<$0 + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) }!
        for (base, offset) in [(0, local), (record, central)] {
            for index in 0..<4 { bytes[base + offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        }
        return Data(bytes)
    }

    private func problem(_ data: Data) -> ImportProblem? {
        do {
            _ = try WalletImporter(now: Fixtures.now, timeZone: Fixtures.utc).read(data, file: "x.zip")
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func memberInflatingPastItsDeclaredSizeIsStopped() throws {
        let zip = try Fixtures.zip([("catima.csv", csv + String(repeating: "\n", count: 1_000_000))])
        let problem = problem(patched(zip, local: 22, central: 24, value: 100))
        #expect(
            problem?.description.contains("inflates to more than the 100 bytes it declares") == true,
            "\(String(describing: problem))")
    }

    @Test func memberDeclaringMoreThanTheLimitIsRefused() throws {
        let zip = try Fixtures.zip([("catima.csv", csv)])
        #expect(
            problem(patched(zip, local: 22, central: 24, value: 100 << 20))
                == .entryTooLarge(name: "catima.csv", bytes: 100 << 20))
    }

    @Test func wrongCRCIsRefused() throws {
        let zip = try Fixtures.zip([("catima.csv", csv)])
        let problem = problem(patched(zip, local: 14, central: 16, value: 0xDEAD_BEEF))
        #expect(problem?.description.contains("CRC") == true, "\(String(describing: problem))")
    }

    @Test func csvRecordFieldAndLengthCaps() {
        #expect(throws: LocatedProblem(.tooManyRecords, at: .line(100_001))) {
            try CSVParser(text: String(repeating: "\n", count: 100_001)).records()
        }
        #expect(throws: LocatedProblem(.tooManyFields, at: .line(1))) {
            try CSVParser(text: String(repeating: ",", count: 1_000)).records()
        }
        #expect(throws: LocatedProblem(.fieldTooLong, at: .line(2))) {
            try CSVParser(text: "a\n\"" + String(repeating: "x", count: 70_000) + "\"").records()
        }
        #expect(throws: LocatedProblem(.fieldTooLong, at: .line(1))) {
            try CSVParser(text: String(repeating: "x", count: 70_000)).records()
        }
    }

    @Test(arguments: [Int64.min, Int64.max, -100_000_000_000_001, 300_000_000_000_000] as [Int64])
    func extremeTimestampsAreRefusedNotATrap(_ value: Int64) {
        #expect(throws: LocatedProblem(.invalidDate(field: "expiry", value: String(value)))) {
            try CatimaValues(timeZone: Fixtures.utc).day(String(value), field: "expiry")
        }
    }

    @Test func importFileOverTheLimitIsRefusedBeforeParsing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).csv")
        try #require(FileManager.default.createFile(atPath: path.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: path) }
        let handle = try FileHandle(forWritingTo: path)
        try handle.truncate(atOffset: UInt64(ImportLimits.maximumFileBytes) + 1)
        try handle.close()
        #expect(throws: ImportError(file: "big.csv", problem: .fileTooLarge(bytes: UInt64(ImportLimits.maximumFileBytes) + 1))) {
            try WalletImporter(now: Fixtures.now).read(contentsOf: path, file: "big.csv")
        }
    }

    /// Found by FuzzZipReader: offsets past the end of the archive made ZIPFoundation's
    /// in-memory reader trap ("Range requires lowerBound <= upperBound").
    @Test func zipWithOffsetsPastItsEndIsAnErrorNotATrap() {
        let data = Data(
            base64Encoded: [
                "UEsDBBQAAAgIAMBLdl0jb3GUFwEAAIQBAAAKAAAAY2F0aW1hLmNzdkVQQW7CMBC8W8ofqpwnYMdJk1SqqoqCxKUtqJyRwQYspXHk",
                "GApP4h29903d0FBXWu/YnpldbRqxiC2tjtjEOX29oAvOGzQuGBxUbfXGu0+YY2v9CStVq2ZtbjWcWoO18ppkK+XXTpt/dPm8YtPQ",
                "aZstdkZpQ0+189RIecqw71CrjorRIPrOHkzEBGZzUHBglgjEuxDa7mE4PA6C6cLwST0KrGIiLUdvL2MsPiZJiUQWFRdVDkE6HrEU",
                "I7X5Pt/9nBGHL8dq25guBkTJZVGkJe8DIh3kHOPFHDmpU5n1mRcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                "AAAAwPj5dSnkzTsr7iUvyReiqHIpK5L3TSTea2Wb67BZ2oMk52Sf9eQLJ2L9lqYaW+/27VT3o/3t/BdQSwECFQMUAAAICADAS3Zd",
                "I29xlBcBAACEAQAACgAAAAAAAAAAAAAApIEAAAAAL2F0aW1hLmNzdlBLBQYAAAAAAQABADgAAAA/AWAAAAAA",
            ].joined())!
        #expect(problem(data) != nil)
    }
}
