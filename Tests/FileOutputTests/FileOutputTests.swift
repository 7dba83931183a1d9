import Glibc
import SystemPackage
import Testing
@testable import FileOutput
import WalletTestSupport

@Suite struct FileOutputTests {
    /// Removed with everything in it when the test ends.
    private let scratch = TemporaryDirectory("file-output-tests")

    /// A fresh private directory for one test, inside ``scratch``.
    private func scratchDirectory() -> String {
        var template = Array("\(scratch.path)/dir-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private func entries(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o777
    }

    @Test func atomicWriteReplacesWithPrivateModeAndNoTemporaryLeft() throws {
        let directory = scratchDirectory()
        let path = directory + "/image.png"
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([4, 5], to: path)
        #expect(entries(directory) == ["image.png"])
        #expect(mode(path) == 0o600)
        var status = stat()
        stat(path, &status)
        #expect(status.st_size == 2)
    }

    @Test func atomicWriteReportsMissingDirectory() {
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: "/nonexistent-dir-for-tests/x.png") }
    }

    @Test func atomicWriteGivesTheRequestedModeUnderTheUmask() throws {
        let directory = scratchDirectory()
        try AtomicFile.write([1, 2, 3, 4], to: directory + "/a.png", permissions: 0o640)
        #expect(mode(directory + "/a.png") == 0o640 & ~ProcessUmask.current())
    }

    @Test func stagedDirectoryShowsFilesOnlyAfterCommit() throws {
        let parent = scratchDirectory()
        let target = parent + "/out"
        let staged = try StagedDirectory(path: target)
        try staged.write([1], name: "00001.png")
        try staged.write([2], name: "00002.png")
        #expect(entries(parent).allSatisfy { $0.hasPrefix(".out.staging-") })
        try staged.commit()
        #expect(entries(parent) == ["out"])
        #expect(entries(target) == ["00001.png", "00002.png"])
        #expect(mode(target) == 0o755 & ~ProcessUmask.current())
    }

    @Test func stagedDirectoryKeepsOtherFilesOfANonEmptyTarget() throws {
        let target = scratchDirectory()
        try AtomicFile.write([9], to: target + "/keep.txt")
        try AtomicFile.write([9], to: target + "/00001.png")
        let staged = try StagedDirectory(path: target)
        try staged.write([1], name: "00001.png")
        #expect(entries(target).count == 3)  // keep.txt, the old 00001.png, the staging directory
        try staged.commit()
        #expect(entries(target) == ["00001.png", "keep.txt"])
        var status = stat()
        stat(target + "/00001.png", &status)
        #expect(status.st_size == 1)
    }

    @Test func stagedDirectoryReplacesAnEmptyTargetKeepingItsMode() throws {
        let target = scratchDirectory() + "/empty"
        mkdir(target, 0o750)
        chmod(target, 0o750)
        let staged = try StagedDirectory(path: target)
        try staged.write([1], name: "a.png")
        try staged.commit()
        #expect(entries(target) == ["a.png"])
        #expect(mode(target) == 0o750)
    }

    @Test func stagedDirectoryRefusesAFile() throws {
        let directory = scratchDirectory()
        try AtomicFile.write([1], to: directory + "/file")
        #expect(throws: FileError(operation: "use as output directory", path: directory + "/file", errno: .notDirectory)) {
            try StagedDirectory(path: directory + "/file")
        }
    }

    @Test func droppedStagedDirectoryLeavesNothing() throws {
        let parent = scratchDirectory()
        do {
            let staged = try StagedDirectory(path: parent + "/new")
            try staged.write([1], name: "00001.png")
        }
        #expect(entries(parent) == [])
        let existing = parent + "/existing"
        mkdir(existing, 0o755)
        try AtomicFile.write([1], to: existing + "/keep.txt")
        do {
            let staged = try StagedDirectory(path: existing)
            try staged.write([1], name: "00001.png")
        }
        #expect(entries(parent) == ["existing"])
        #expect(entries(existing) == ["keep.txt"])
    }

    /// A child process inherits the umask: the shell's `umask` is an independent reading.
    @Test func processUmaskIsReadWithoutSettingIt() throws {
        var output: [Int32] = [0, 0]
        #expect(pipe(&output) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        var child: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", "umask"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        #expect(posix_spawn(&child, "/bin/sh", &actions, nil, arguments, environ) == 0)
        close(output[1])
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = read(output[0], &buffer, buffer.count)
        close(output[0])
        var status: Int32 = 0
        waitpid(child, &status, 0)
        let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).filter(\.isNumber)
        #expect(mode_t(text, radix: 8) == ProcessUmask.current())
    }

    @Test func fileErrorsDescribeThemselves() {
        #expect(
            FileError(operation: "write", path: "/x", errno: .noSuchFileOrDirectory).description
                == "cannot write /x: No such file or directory")
        #expect(FileError(operation: "write", path: "/x", errno: .readOnlyFileSystem).isPermissionProblem)
        #expect(ErrnoText.message(for: 99999).isEmpty == false)
    }
}
