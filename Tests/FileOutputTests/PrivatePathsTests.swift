import Glibc
import SystemPackage
import Testing
@testable import FileOutput

/// The file-system rules for paths the wallet owns and for user-given outputs.
@Suite struct PrivatePathsTests {
    private func scratch() -> String {
        var template = Array("/tmp/private-paths-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        lstat(path, &status)
        return status.st_mode & 0o7777
    }

    private func contents(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    @Test func existingDirectoryKeepsItsModeNewOnesArePrivate() throws {
        let root = scratch()
        chmod(root, 0o1777)
        try PrivatePaths.createDirectory(root)
        #expect(mode(root) == 0o1777)
        try PrivatePaths.createDirectory(root + "/a/b")
        #expect(mode(root + "/a") == 0o700 && mode(root + "/a/b") == 0o700)
    }

    @Test func tighteningNeverAddsBitsOrFollowsLinks() {
        let root = scratch()
        let readOnly = root + "/ro"
        close(open(readOnly, O_CREAT | O_WRONLY, 0o444))
        chmod(readOnly, 0o444)
        PrivatePaths.tightenMode(readOnly)
        #expect(mode(readOnly) == 0o400)
        let target = root + "/target"
        close(open(target, O_CREAT | O_WRONLY, 0o644))
        chmod(target, 0o644)
        symlink(target, root + "/link")
        PrivatePaths.tightenMode(root + "/link")
        #expect(mode(target) == 0o644)
    }

    @Test func ownedFilesRefuseLinks() throws {
        let root = scratch()
        symlink(root + "/missing", root + "/lock")
        #expect(throws: FileError.self) { try PrivatePaths.openOwnedFile(root + "/lock", flags: O_RDWR) }
        #expect(try PathKind.of(root + "/missing") == .missing)
        #expect(try PathKind.of(root + "/lock") == .symbolicLink)
    }

    @Test func writesThroughLinksAndIntoSpecialFilesKeepTheirKind() throws {
        let root = scratch()
        try AtomicFile.write([1], to: root + "/real")
        symlink(root + "/real", root + "/link")
        try AtomicFile.write([2, 3], to: root + "/link")
        #expect(try PathKind.of(root + "/link") == .symbolicLink)
        #expect(contents(root + "/real") == [2, 3])
        try AtomicFile.write([4], to: "/dev/null")
        #expect(try PathKind.of("/dev/null") == .special)
        mkdir(root + "/dir", 0o700)
        #expect(throws: FileError(operation: "write", path: root + "/dir", errno: .isDirectory)) {
            try AtomicFile.write([5], to: root + "/dir")
        }
    }

    @Test func ownedWritesReplaceALinkInsteadOfFollowingIt() throws {
        let root = scratch()
        try AtomicFile.write([1], to: root + "/victim")
        symlink(root + "/victim", root + "/widgets.json")
        try AtomicFile.write([9], to: root + "/widgets.json", owned: true)
        #expect(try PathKind.of(root + "/widgets.json") == .regular)
        #expect(contents(root + "/victim") == [1])
    }

    @Test func fileNamesNearTheLimitAreWritable() throws {
        let root = scratch()
        let name = String(repeating: "n", count: 250) + ".png"
        try AtomicFile.write([7], to: root + "/" + name)
        #expect(contents(root + "/" + name) == [7])
    }
}
