import Foundation
import Testing
@testable import WidgetHost

@Suite struct OutputDirectoryTests {
    @Test func snapshotNamesAreRecognised() {
        let id = "0b7f4a52-8f0e-4f7c-9a0e-2b1d3c4e5f60"
        #expect(OutputDirectory.widgetID(inFileName: "\(id)-small.png") == id)
        #expect(OutputDirectory.widgetID(inFileName: "\(id)-huge.png") == nil)
        #expect(OutputDirectory.widgetID(inFileName: "holiday.png") == nil)
        #expect(OutputDirectory.widgetID(inFileName: "manifest.json.png") == nil)
    }

    @Test func aSecondLockOnTheSameDirectoryIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("host-lock-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try OutputDirectory(path: path)
        #expect(throws: HostError.alreadyRunning(directory: first.url.path)) { try OutputDirectory(path: path) }
    }

    @Test func pngSizeComesFromTheHeader() {
        var header = [UInt8](repeating: 0, count: 24)
        header[16...23] = [0, 0, 1, 254, 0, 0, 0, 170]
        let size = PNGSize(Data(header))
        #expect(size.width == 510 && size.height == 170)
        #expect(PNGSize(Data([1, 2, 3])).width == 0)
    }
}

@Suite struct OutputLeftoverTests {
    @Test func temporariesOfAKilledHostAreRemovedAndNothingElse() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("host-leftovers-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let directory = try OutputDirectory(path: path)
        let id = "0b7f4a52-8f0e-4f7c-9a0e-2b1d3c4e5f60"
        // Names that only look like temporaries are the user's: a start must keep them.
        let theirs = [
            ".\(id)-small.png.k3j2", ".manifest.json.77a", ".hidden", "notes.txt", "\(id)-small.png", ".vacation.png.orig",
            ".wallet-3k2j.tmp", ".wallet-host-0123456789abcdef-0123456789abcdef.tmp",
        ]
        let secret = try #require(FileManager.default.contents(atPath: "\(path)/\(OutputDirectory.lockName)"))
        let own = (0..<3).map { _ in HostTemporaries(secret: Array(secret.prefix(32))).name() }
        for name in theirs + own {
            _ = FileManager.default.createFile(atPath: "\(path)/\(name)", contents: Data([1]))
        }
        directory.removeLeftovers()
        let left = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        #expect(left == (theirs + [OutputDirectory.lockName]).sorted())
    }

    @Test func aTagChecksOnlyWithItsSecret() {
        let ours = HostTemporaries(secret: Array("0123456789abcdef0123456789abcdef".utf8))
        let other = HostTemporaries(secret: Array("fedcba9876543210fedcba9876543210".utf8))
        let name = ours.name()
        #expect(ours.isOwn(name) && !other.isOwn(name))
        #expect(!ours.isOwn(name + ".orig") && !ours.isOwn(String(name.dropFirst())))
    }
}
