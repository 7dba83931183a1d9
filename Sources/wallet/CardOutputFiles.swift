import FileOutput
import Glibc

/// The files one command writes, written all or nothing: every file is drawn before the first
/// is written (a card that cannot be drawn leaves no file), each is replaced atomically, and
/// when a later write fails the files this command created before it are removed again.
struct CardOutputFiles {
    /// Each file's path and its complete contents, in the order they are written.
    private(set) var files: [(path: String, bytes: [UInt8])] = []

    /// Adds a file to write; `bytes` is only drawn when `path` is given.
    mutating func add(_ path: String?, _ bytes: () throws -> [UInt8]) rethrows {
        guard let path else { return }
        files.append((path, try bytes()))
    }

    /// The paths, in the order they are written.
    var paths: [String] { files.map(\.path) }

    /// Writes every file with `permissions`; on a failure, removes the files created so far
    /// (those that did not exist before) and rethrows.
    func write(permissions: UInt32) throws {
        var created: [String] = []
        do {
            for file in files {
                let existed = access(file.path, F_OK) == 0
                try AtomicFile.write(file.bytes, to: file.path, permissions: permissions)
                if !existed { created.append(file.path) }
            }
        } catch {
            for path in created { unlink(path) }
            throw error
        }
    }
}
