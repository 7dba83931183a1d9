import Foundation
#if canImport(Glibc)
import Glibc
internal import FileOutput
#endif

/// An exclusive `flock` on a lock file, held for the duration of ``withLock(_:)``, so CLI
/// processes that change the same file do so one after another. A symbolic link at the lock's
/// path is refused, never followed (its target would be created).
struct FileLock {
    let url: URL

    func withLock<T>(_ body: () throws(WidgetError) -> T) throws(WidgetError) -> T {
        let descriptor: Int32
        do {
            descriptor = try PrivatePaths.openOwnedFile(url.path, flags: O_RDWR)
        } catch {
            throw .storage(UnderlyingError(error))
        }
        defer { close(descriptor) }
        guard retryingOnInterrupt({ flock(descriptor, LOCK_EX) }) == 0 else {
            throw Self.failure("lock", url.path)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The failure of the system call that just failed (its `errno`).
    private static func failure(_ operation: String, _ path: String) -> WidgetError {
        .storage(UnderlyingError(FileError(operation: operation, path: path, errno: .current)))
    }
}
