import Glibc
import SystemPackage

/// Text for C `errno` values, safe to call from any thread.
///
/// `strerror(3)` may return a buffer shared between threads; `strerror_r` (the POSIX form that
/// Swift's Glibc module imports) writes into the caller's buffer instead.
public enum ErrnoText {
    /// The system's text for `code`, e.g. "No such file or directory".
    public static func message(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let result = buffer.withUnsafeMutableBufferPointer { strerror_r(code, $0.baseAddress!, $0.count) }
        guard result == 0 else { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The system's text for `code`.
    public static func message(for code: Errno) -> String { message(for: code.rawValue) }
}

extension Errno {
    /// The calling thread's `errno`, as the system call that just failed left it.
    public static var current: Errno { Errno(rawValue: Glibc.errno) }
}
