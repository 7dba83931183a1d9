import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so readers see the old or the new content, never a partial file: a temporary
/// file in the same directory, then a rename. Mode 0600 (files in the container are private).
enum ContainerFile {
    /// Why a file could not be written.
    struct WriteError: Error, Equatable, CustomStringConvertible {
        var path: String
        var detail: String
        var description: String { "cannot write \(path): \(detail)" }
    }

    static func write(_ data: Data, to url: URL) throws(WriteError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw WriteError(path: url.path, detail: error.localizedDescription)
        }
        _ = chmod(temporary.path, 0o600)
        guard rename(temporary.path, url.path) == 0 else {
            let detail = String(cString: strerror(errno))
            _ = unlink(temporary.path)
            throw WriteError(path: url.path, detail: detail)
        }
    }
}
