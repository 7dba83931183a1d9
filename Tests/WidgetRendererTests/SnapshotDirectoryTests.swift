import FileOutput
import Foundation
import Testing
import WalletTestSupport
import WidgetEngine
import WidgetRenderer

/// `widget render --all`'s directory: every snapshot or none, named as the host names them,
/// and a failure that keeps the file system's own error.
@Suite struct SnapshotDirectoryTests {
    private let widgets = [
        WidgetConfiguration(family: .small, mode: .recent, cards: []),
        WidgetConfiguration(family: .medium, mode: .favorites, cards: []),
    ]

    @Test func everySnapshotLandsInAMissingDirectoryAndItsParents() throws {
        let temporary = TemporaryDirectory("snapshot-directory")
        let target = temporary.url.appendingPathComponent("a/b/out").path
        let paths = try SnapshotDirectory.write(widgets.map { ($0, Data([1, 2, 3])) }, to: target)
        #expect(paths == widgets.map { "\(target)/\($0.id)-\($0.family.rawValue).png" })
        for path in paths { #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3])) }
    }

    @Test func aFileIsNotADirectoryAndIsLeftAlone() throws {
        let temporary = TemporaryDirectory("snapshot-directory")
        let file = temporary.url.appendingPathComponent("w.png").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: SnapshotDirectoryError.notADirectory(path: file)) {
            try SnapshotDirectory.write(widgets.map { ($0, Data([1])) }, to: file)
        }
        #expect(FileManager.default.contents(atPath: file) == Data())
    }

    @Test func aParentThatCannotBeMadeKeepsTheSystemsError() throws {
        let temporary = TemporaryDirectory("snapshot-directory")
        let file = temporary.url.appendingPathComponent("plain").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        do throws(SnapshotDirectoryError) {
            _ = try SnapshotDirectory.write(widgets.map { ($0, Data([1])) }, to: file + "/sub/out")
            Issue.record("wrote below a file")
        } catch {
            guard case .writeFailed(let cause) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(cause.description.contains("Not a directory"))
            #expect(cause.path.hasPrefix(file))
        }
    }
}
