import SystemPackage

/// A file system call that failed: what was being done, to which path, and the C error code as swift-system's `Errno`.
///
/// ``description`` is one line, e.g. "cannot write /tmp/x.png: No space left on device".
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, phrased to follow "cannot", e.g. "write" or "create directory".
    public let operation: String
    /// The path the call was made on.
    public let path: String
    /// The C error code (`.noSpace`, `.permissionDenied`, ...).
    public let errno: Errno
    /// What to say instead of the C library's text for `errno`, when the wallet itself refused.
    public let reason: String?

    public init(operation: String, path: String, errno: Errno, reason: String? = nil) {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.reason = reason
    }

    /// True when the failure is about permissions or a read-only file system.
    public var isPermissionProblem: Bool {
        errno == .permissionDenied || errno == .notPermitted || errno == .readOnlyFileSystem
    }

    public var description: String {
        "cannot \(operation) \(path): \(reason ?? ErrnoText.message(for: errno))"
    }
}

/// A C error code as a type: swift-system's `Errno`, named here so that every room that builds
/// on FileOutput speaks of it without importing swift-system itself.
public typealias Errno = SystemPackage.Errno
