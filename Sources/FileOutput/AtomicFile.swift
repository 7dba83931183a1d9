import Glibc

/// Writes files so that readers see either the old file or the complete new one, never a part.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in `path`'s directory, then renames it over `path`.
    ///
    /// `permissions` are the new file's mode (before the umask). `durable` syncs the data to disk
    /// before the rename (skip it for bulk output that is itself staged and renamed).
    public static func write(
        _ bytes: [UInt8], to path: String, permissions: UInt32 = 0o600, durable: Bool = true
    ) throws(FileError) {
        let temporary = try writeTemporary(bytes, beside: path, permissions: permissions, durable: durable)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileError(operation: "write", path: path, errno: code)
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
    public static func writeNew(_ bytes: [UInt8], to path: String, permissions: UInt32 = 0o600) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
        guard descriptor >= 0 else { throw FileError(operation: "create", path: path, errno: errno) }
        defer { close(descriptor) }
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: path)
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Creates `.name.<random>` next to `path`, fills it, and returns its path.
    ///
    /// The file is created by `open(O_CREAT | O_EXCL)` with `permissions`, so the kernel applies
    /// the umask: no window where it has other modes, and no process-wide `umask` call (which
    /// would race with other threads). A name that already exists is retried with a new one.
    private static func writeTemporary(
        _ bytes: [UInt8], beside path: String, permissions: UInt32, durable: Bool
    ) throws(FileError) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var temporary: String
        var descriptor: Int32
        var attempts = 0
        repeat {
            attempts += 1
            temporary = directory + "." + name + "." + String(UInt64.random(in: .min ... .max), radix: 36)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
            let code = errno
            if descriptor < 0, code != EEXIST || attempts == 100 {
                throw FileError(operation: "create a file in the directory of", path: path, errno: code)
            }
        } while descriptor < 0
        do throws(FileError) {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            if durable, fsync(descriptor) != 0 { throw FileError(operation: "sync", path: path, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        return temporary
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                retryingOnInterrupt { Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            guard written >= 0 else { throw FileError(operation: "write", path: path, errno: errno) }
            offset += written
        }
    }
}
