import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a lock file, held for the duration of ``withLock(_:)``, so CLI
/// processes that change the same file do so one after another.
struct FileLock {
    let url: URL

    func withLock<T>(_ body: () throws(WidgetError) -> T) throws(WidgetError) -> T {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .storage("cannot open \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .storage("cannot lock \(url.path): \(String(cString: strerror(errno)))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

/// Writes `data` to `url` through a temporary file in the same directory and a rename, so
/// readers see the old or the new content, never a partial file. Mode 0600.
func writeAtomically(_ data: Data, to url: URL) throws(WidgetError) {
    let temporary = url.deletingLastPathComponent()
        .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    do {
        try data.write(to: temporary)
        _ = chmod(temporary.path, 0o600)
        guard rename(temporary.path, url.path) == 0 else {
            throw WidgetError.storage("cannot replace \(url.path): \(String(cString: strerror(errno)))")
        }
    } catch let error as WidgetError {
        try? FileManager.default.removeItem(at: temporary)
        throw error
    } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw .storage("cannot write \(url.path): \(error.localizedDescription)")
    }
}
