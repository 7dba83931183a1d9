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
        let names = [".\(id)-small.png.k3j2", ".manifest.json.77a", ".hidden", "notes.txt", "\(id)-small.png"]
        for name in names {
            _ = FileManager.default.createFile(atPath: "\(path)/\(name)", contents: Data([1]))
        }
        directory.removeLeftovers()
        let left = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        #expect(left == [".hidden", OutputDirectory.lockName, "\(id)-small.png", "notes.txt"].sorted())
    }
}
