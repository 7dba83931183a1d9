import FileInput
import FileOutput
import SystemPackage
import Testing
import WalletTestSupport

@Suite struct BoundedReadTests {
    private let scratch = TemporaryDirectory("bounded-read-tests")

    private func file(_ bytes: [UInt8]) throws -> String {
        let path = scratch.path + "/input"
        try AtomicFile.write(bytes, to: path)
        return path
    }

    @Test func readsAFileUpToItsLimit() throws {
        let bytes = [UInt8](repeating: 7, count: 70_000)  // more than one chunk
        #expect(try BoundedRead.bytes(of: file(bytes), limit: bytes.count) == bytes)
    }

    @Test func refusesAFileOverItsLimit() throws {
        let path = try file([UInt8](repeating: 1, count: 11))
        #expect(throws: BoundedRead.Failure.tooLarge) { try BoundedRead.bytes(of: path, limit: 10) }
    }

    @Test func aMissingFileNamesTheOperationAndItsErrno() {
        let path = scratch.path + "/missing"
        let expected = FileError(operation: "read batch file", path: path, errno: .noSuchFileOrDirectory)
        #expect(throws: BoundedRead.Failure.unreadable(expected)) {
            try BoundedRead.bytes(of: path, limit: 10, operation: "read batch file")
        }
    }
}
