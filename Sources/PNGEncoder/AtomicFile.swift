#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see either the old file or the complete new one, never a part.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in `path`'s directory, then renames it over `path`.
    ///
    /// `permissions` are the new file's mode (before the umask). `durable` syncs the data to disk
    /// before the rename (skip it for bulk output that is itself staged and renamed).
    public static func write(
        _ bytes: [UInt8], to path: String, permissions: UInt32 = 0o600, durable: Bool = true
    ) throws(PNGError) {
        let temporary = try writeTemporary(bytes, beside: path, permissions: permissions, durable: durable)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .fileSystem(operation: "write", path: path, errno: code)
        }
        if durable { syncDirectory(containing: path) }
    }

    /// Makes the rename itself durable. Best effort: the file is already complete and in place.
    private static func syncDirectory(containing path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "."
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes `bytes` to a new file at `path`, which must not exist (`O_EXCL`), without syncing.
    /// Meant for files inside a private staging directory that is renamed into place later.
    public static func writeNew(_ bytes: [UInt8], to path: String, permissions: UInt32 = 0o600) throws(PNGError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
        guard descriptor >= 0 else { throw .fileSystem(operation: "create", path: path, errno: errno) }
        defer { close(descriptor) }
        do throws(PNGError) {
            try writeAll(bytes, to: descriptor, path: path)
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Creates `.name.XXXXXX` next to `path`, fills it, and returns its path.
    private static func writeTemporary(
        _ bytes: [UInt8], beside path: String, permissions: UInt32, durable: Bool
    ) throws(PNGError) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .fileSystem(operation: "create a file in the directory of", path: path, errno: errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do throws(PNGError) {
            defer { close(descriptor) }
            let mask = umask(0)
            umask(mask)
            guard fchmod(descriptor, mode_t(permissions) & ~mask) == 0 else {
                throw .fileSystem(operation: "set permissions of", path: temporary, errno: errno)
            }
            try writeAll(bytes, to: descriptor, path: path)
            if durable, fsync(descriptor) != 0 { throw .fileSystem(operation: "sync", path: path, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        return temporary
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(PNGError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .fileSystem(operation: "write", path: path, errno: errno)
            }
            offset += written
        }
    }
}
