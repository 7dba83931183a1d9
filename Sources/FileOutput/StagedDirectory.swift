import Glibc
import SystemPackage

/// All-or-nothing output of many files into one directory.
///
/// Files are written into a hidden staging directory on the same file system (no per-file sync)
/// and appear in the target only at ``commit()``. When the target is missing or empty, the
/// staging directory is a sibling that one `rename(2)` turns into the target (renaming each file
/// doubled the cost of a 2,000-file batch); otherwise it lives inside the target and each file
/// is renamed into place, replacing files of the same name. An instance dropped without
/// `commit()` removes everything it staged.
public final class StagedDirectory {
    /// The directory the files end up in.
    public let path: String
    private let stagingPath: String
    /// True: `stagingPath` is a sibling that replaces `path` whole; its mode at commit is `mode`.
    private let replacesTarget: Bool
    private let mode: mode_t
    private var names: [String] = []
    private var committed = false

    /// Prepares staging for `path`; a missing `path` is created at commit (mode 0755 before the umask).
    public init(path: String) throws(FileError) {
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFDIR {
            throw FileError(operation: "use as output directory", path: path, errno: .notDirectory)
        }
        self.path = path
        self.mode = exists ? status.st_mode & 0o7777 : 0o755 & ~ProcessUmask.current()
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if !exists || Self.isEmptyDirectory(path), let sibling = Self.makeTemporaryDirectory(siblingOf: trimmed) {
            stagingPath = sibling
            replacesTarget = true
        } else if exists {
            guard let inside = Self.makeTemporaryDirectory(template: trimmed + "/.staging-XXXXXX") else {
                throw FileError(operation: "create a staging directory in", path: path, errno: .current)
            }
            stagingPath = inside
            replacesTarget = false
        } else {
            throw FileError(operation: "create directory", path: path, errno: .current)
        }
    }

    deinit {
        guard !committed else { return }
        for name in names { unlink(stagingPath + "/" + name) }
        rmdir(stagingPath)
    }

    /// Stages `bytes` as file `name` (a plain file name, no slashes).
    public func write(_ bytes: [UInt8], name: String, permissions: UInt32 = 0o600) throws(FileError) {
        try AtomicFile.writeNew(bytes, to: stagingPath + "/" + name, permissions: permissions)
        names.append(name)
    }

    /// Moves every staged file into ``path`` and removes the staging directory.
    public func commit() throws(FileError) {
        if replacesTarget {
            guard chmod(stagingPath, mode) == 0 else {
                throw FileError(operation: "set permissions of", path: stagingPath, errno: .current)
            }
            if rename(stagingPath, path) == 0 {
                committed = true
                return
            }
            // The target gained files since `init` (or cannot be replaced): move file by file.
            guard errno == ENOTEMPTY || errno == EEXIST else {
                throw FileError(operation: "move the staged files into", path: path, errno: .current)
            }
        }
        for name in names {
            guard rename(stagingPath + "/" + name, path + "/" + name) == 0 else {
                throw FileError(operation: "move \(name) into", path: path, errno: .current)
            }
        }
        committed = true
        rmdir(stagingPath)
    }

    private static func isEmptyDirectory(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if !isDot { return false }
        }
        return true
    }

    /// `mkdtemp` next to `path`: `.<name>.staging-XXXXXX` in the same parent directory.
    private static func makeTemporaryDirectory(siblingOf path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let parent = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return makeTemporaryDirectory(template: parent + "." + name + ".staging-XXXXXX")
    }

    private static func makeTemporaryDirectory(template: String) -> String? {
        var buffer = Array(template.utf8CString)
        guard buffer.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
