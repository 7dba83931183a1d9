import Glibc
import SystemPackage

/// Writes files so that readers see either the old file or the complete new one, never a part.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in `path`'s directory, then renames it over `path`.
    ///
    /// `permissions` are the new file's mode (before the umask). `durable` syncs the data to disk
    /// before the rename (skip it for bulk output that is itself staged and renamed).
    ///
    /// What is at `path` decides how: a regular file (or nothing) is replaced atomically; a
    /// FIFO, device or socket (`/dev/null`, `<(...)`) is written to in place, never replaced by
    /// a regular file; a symbolic link is followed to its target, which is then treated the same
    /// way (the link stays a link); a directory or a dangling link is an error.
    ///
    /// `owned`: the path is the wallet's own (its widget list, its cache), where whatever is
    /// there is replaced by the new regular file and nothing is followed or written through.
    /// `temporaryName` names the temporary file (a file name, no slash; tried again on a clash)
    /// where its writer must later recognize it (the widget host's marked temporaries);
    /// default `.wallet-<random>.tmp`.
    public static func write(
        _ bytes: [UInt8], to path: String, permissions: UInt32 = 0o600, durable: Bool = true, owned: Bool = false,
        temporaryName: (() -> String)? = nil
    ) throws(FileError) {
        var path = path
        if !owned, try PathKind.of(path) == .symbolicLink {
            guard let resolved = realpath(path, nil) else {
                throw FileError(
                    operation: "write", path: path, errno: .current,
                    reason: "it is a symbolic link to a missing place: give an existing target or a plain path")
            }
            path = String(cString: resolved)
            free(resolved)
        }
        switch owned ? .missing : try PathKind.of(path) {
        case .directory: throw FileError(operation: "write", path: path, errno: .isDirectory)
        case .special: return try writeInPlace(bytes, to: path)
        case .missing, .regular, .symbolicLink: break
        }
        let temporary = try writeTemporary(
            bytes, beside: path, permissions: permissions, durable: durable, name: temporaryName ?? randomTemporaryName)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileError(operation: "write", path: path, errno: Errno(rawValue: code))
        }
        if durable { syncDirectory(containing: path) }
    }

    /// Writes to a FIFO, device or socket that already exists, without creating or replacing it.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(operation: "write", path: path, errno: .current) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
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
        guard descriptor >= 0 else { throw FileError(operation: "create", path: path, errno: .current) }
        defer { close(descriptor) }
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: path)
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Creates `.wallet-<random>.tmp` next to `path`, fills it, and returns its path. The name
    /// does not repeat `path`'s: a file name near the 255-byte limit must still be writable.
    ///
    /// The file is created by `open(O_CREAT | O_EXCL)` with `permissions`, so the kernel applies
    /// the umask: no window where it has other modes, and no process-wide `umask` call (which
    /// would race with other threads). A name that already exists is retried with a new one.
    private static func writeTemporary(
        _ bytes: [UInt8], beside path: String, permissions: UInt32, durable: Bool, name: () -> String
    ) throws(FileError) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        var temporary: String
        var descriptor: Int32
        var attempts = 0
        repeat {
            attempts += 1
            temporary = directory + name()
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
            let code = errno
            if descriptor < 0, code != EEXIST || attempts == 100 {
                throw FileError(operation: "create a file in the directory of", path: path, errno: Errno(rawValue: code))
            }
        } while descriptor < 0
        do throws(FileError) {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            if durable, fsync(descriptor) != 0 { throw FileError(operation: "sync", path: path, errno: .current) }
        } catch {
            unlink(temporary)
            throw error
        }
        return temporary
    }

    private static func randomTemporaryName() -> String {
        ".wallet-" + String(UInt64.random(in: .min ... .max), radix: 36) + ".tmp"
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileError) {
        do throws(Errno) {
            try writeFully(bytes, to: descriptor)
        } catch {
            throw FileError(operation: "write", path: path, errno: error)
        }
    }
}
