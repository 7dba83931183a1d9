import Foundation
#if canImport(Glibc)
import Glibc
internal import FileOutput
#endif

/// An exclusive `flock` on a lock file, held for the duration of ``withLock(_:)``, so CLI
/// processes that change the same file do so one after another.
struct FileLock {
    let url: URL

    func withLock<T>(_ body: () throws(WidgetError) -> T) throws(WidgetError) -> T {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .storage("cannot open \(url.path): \(ErrnoText.message(for: errno))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .storage("cannot lock \(url.path): \(ErrnoText.message(for: errno))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
