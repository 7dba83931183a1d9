import Glibc
import SystemPackage

/// File-system rules for the paths the wallet owns (its container, database, lock and cache):
/// modes are set only when the wallet creates something, only ever tightened afterwards, and
/// symbolic links there are refused rather than followed.
public enum PrivatePaths {
    /// Creates directory `path` (and missing parents) with mode 0700; an existing directory is
    /// left as it is (a shared `/tmp` keeps its sticky bit, a read-only wallet stays read-only).
    /// A symbolic link to a directory is accepted here: the user may place the container anywhere.
    public static func createDirectory(_ path: String) throws(FileError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw FileError(operation: "use as a directory", path: path, errno: .notDirectory)
            }
            return
        }
        guard errno == ENOENT else { throw FileError(operation: "inspect", path: path, errno: .current) }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
            try createDirectory(String(trimmed[..<slash]))
        }
        guard mkdir(trimmed, 0o700) == 0 || errno == EEXIST else {
            throw FileError(operation: "create directory", path: path, errno: .current)
        }
    }

    /// Creates the directory `path` inside an existing private directory with mode 0700, or
    /// checks that the existing one is a real directory (not a symbolic link).
    public static func createOwnedDirectory(_ path: String) throws(FileError) {
        switch try PathKind.of(path) {
        case .directory: return
        case .symbolicLink: throw PathKind.symbolicLinkRefused(path, operation: "use")
        case .regular, .special: throw FileError(operation: "use as a directory", path: path, errno: .notDirectory)
        case .missing:
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
                throw FileError(operation: "create directory", path: path, errno: .current)
            }
        }
    }

    /// Opens (creating with mode 0600 when missing) the regular file `path` without following
    /// a symbolic link; returns the descriptor, which the caller closes.
    public static func openOwnedFile(_ path: String, flags: Int32) throws(FileError) -> Int32 {
        let descriptor = open(path, flags | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw PathKind.symbolicLinkRefused(path, operation: "open") }
            throw FileError(operation: "open", path: path, errno: .current)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FileError(operation: "open", path: path, errno: .invalidArgument, reason: "it is not a regular file")
        }
        return descriptor
    }

    /// Clears the group and other bits of the regular file `path` (never adds a bit, so a
    /// read-only file stays read-only); a missing file, a link or anything else is left alone.
    /// Best effort: the caller's directory is already private.
    ///
    /// Works by path (`lstat`, then `chmod`) and never opens the file: closing any descriptor
    /// of a file drops every POSIX lock the process holds on it, and SQLite keeps such locks on
    /// the database and its `-shm` file while they are open.
    public static func tightenMode(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        let mode = status.st_mode & 0o7777
        if mode & 0o077 != 0 { chmod(path, mode & 0o700) }
    }
}

extension PrivatePaths {
    /// The contents of the regular file `path` the wallet owns, or nil when there is none.
    /// A symbolic link, a FIFO or anything else is refused (never followed or blocked on), and
    /// a file over `limit` bytes is an error rather than a read of unbounded size.
    public static func readOwnedFile(_ path: String, limit: Int) throws(FileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw PathKind.symbolicLinkRefused(path, operation: "read") }
            throw FileError(operation: "read", path: path, errno: .current)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FileError(operation: "read", path: path, errno: .invalidArgument, reason: "it is not a regular file")
        }
        guard status.st_size <= limit else {
            throw FileError(
                operation: "read", path: path, errno: .fileTooLarge,
                reason: "it is over \(limit) bytes, more than the wallet ever writes there")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { read(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            guard count >= 0 else { throw FileError(operation: "read", path: path, errno: .current) }
            if count == 0 { break }
            offset += count
        }
        return Array(bytes.prefix(offset))
    }
}
