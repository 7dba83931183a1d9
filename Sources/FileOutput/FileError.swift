import Glibc

/// A file system call that failed: what was being done, to which path, and the C `errno`.
///
/// ``description`` is one line, e.g. "cannot write /tmp/x.png: No space left on device".
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, phrased to follow "cannot", e.g. "write" or "create directory".
    public let operation: String
    /// The path the call was made on.
    public let path: String
    /// The C error code (`ENOSPC`, `EACCES`, ...).
    public let errno: Int32
    /// What to say instead of the C library's text for `errno`, when the wallet itself refused.
    public let reason: String?

    public init(operation: String, path: String, errno: Int32, reason: String? = nil) {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.reason = reason
    }

    /// True when the failure is about permissions or a read-only file system.
    public var isPermissionProblem: Bool {
        errno == EACCES || errno == EPERM || errno == EROFS
    }

    public var description: String {
        "cannot \(operation) \(path): \(reason ?? ErrnoText.message(for: errno))"
    }
}
