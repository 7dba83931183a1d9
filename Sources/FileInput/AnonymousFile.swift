import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FileOutput
import SystemPackage

/// Bytes held in an anonymous file (created private with `mkstemp` in the temporary directory
/// and unlinked at once), reachable by a path for libraries that read files, and gone when the
/// instance is.
///
/// Zips (WalletInterop) and images taken from memory (the CardArt room) are read through one:
/// ZIPFoundation's own in-memory archives trap on a zip whose offsets point past its end (its
/// memory file computes a negative read size); through a real file descriptor the same read
/// comes back short and ZIPFoundation throws instead. gdk-pixbuf reads its header by path.
public final class AnonymousFile {
    /// The open descriptor (a forked child that reads the file must keep it open).
    public let descriptor: Int32

    /// A path that opens the file (`/proc/self/fd/N`).
    public var url: URL { URL(fileURLWithPath: "/proc/self/fd/\(descriptor)") }

    /// Copies `data` into a new anonymous file.
    public init(_ data: Data) throws(FileProblem) {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/.wallet-import-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileProblem(errno: .current) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        do throws(Errno) {
            try writeFully(data, to: descriptor)
        } catch {
            close(descriptor)
            throw FileProblem(errno: error)
        }
    }

    deinit { close(descriptor) }

    /// Why the anonymous file could not be made, with the C error code.
    public struct FileProblem: Error {
        public let errno: Errno
    }
}
