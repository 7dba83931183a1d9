import Foundation

/// Why no child could be started: the call that failed and its C error code.
public struct ChildStartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `pipe`, `open /dev/null`, `spawn` or `fork`.
    public var operation: String
    /// The program (or "a child" for a forked body).
    public var executable: String
    /// The C error code (`errno`, or posix_spawn's result).
    public var code: Int32

    public init(operation: String, executable: String, code: Int32) {
        self.operation = operation
        self.executable = executable
        self.code = code
    }

    /// "cannot start git: No such file or directory (spawn)".
    public var description: String {
        "cannot start \(executable): \(String(cString: strerror(code))) (\(operation))"
    }
}
