#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// All-or-nothing output of many files into one directory.
///
/// Files are written into a hidden staging directory inside the target (same file system, no
/// per-file sync) and renamed into place by ``commit()``. Until then the target shows none of
/// them; an instance dropped without `commit()` removes what it staged, and the target directory
/// too when it created it.
public final class StagedDirectory {
    /// The directory the files end up in.
    public let path: String
    private let stagingPath: String
    private let createdTarget: Bool
    private var names: [String] = []
    private var committed = false

    /// Creates `path` (mode 0755 before the umask) when missing, and a staging directory inside it.
    public init(path: String) throws(PNGError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .fileSystem(operation: "use as output directory", path: path, errno: ENOTDIR)
            }
            createdTarget = false
        } else {
            guard mkdir(path, 0o755) == 0 else { throw .fileSystem(operation: "create directory", path: path, errno: errno) }
            createdTarget = true
        }
        var template = Array((path + "/.staging-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            let code = errno
            if createdTarget { rmdir(path) }
            throw .fileSystem(operation: "create a staging directory in", path: path, errno: code)
        }
        self.path = path
        self.stagingPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit {
        guard !committed else { return }
        for name in names { unlink(stagingPath + "/" + name) }
        rmdir(stagingPath)
        if createdTarget { rmdir(path) }
    }

    /// Stages `bytes` as file `name` (a plain file name, no slashes).
    public func write(_ bytes: [UInt8], name: String, permissions: UInt32 = 0o600) throws(PNGError) {
        try AtomicFile.writeNew(bytes, to: stagingPath + "/" + name, permissions: permissions)
        names.append(name)
    }

    /// Renames every staged file into ``path`` (replacing files of the same name) and removes the
    /// staging directory.
    public func commit() throws(PNGError) {
        for name in names {
            guard rename(stagingPath + "/" + name, path + "/" + name) == 0 else {
                throw .fileSystem(operation: "move \(name) into", path: path, errno: errno)
            }
        }
        committed = true
        rmdir(stagingPath)
    }
}
