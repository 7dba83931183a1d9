import Glibc
import SystemPackage

/// What a path names, seen with `lstat`: a symbolic link at the path is reported as one, never
/// followed. The wallet decides from this whether it may write, replace or delete there.
public enum PathKind: Equatable, Sendable {
    case missing
    case regular
    case directory
    case symbolicLink
    /// A FIFO, character or block device, or socket: written to in place, never replaced.
    case special

    /// The kind of `path`; errors other than "does not exist" are thrown.
    public static func of(_ path: String) throws(FileError) -> PathKind {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return .missing }
            throw FileError(operation: "inspect", path: path, errno: .current)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .special
        }
    }

    /// The error for a symbolic link where the wallet owns the path and will not follow one.
    public static func symbolicLinkRefused(_ path: String, operation: String) -> FileError {
        FileError(
            operation: operation, path: path, errno: .tooManySymbolicLinkLevels,
            reason:
                "it is a symbolic link, which the wallet does not follow: replace it with a regular file or give the real path")
    }
}
