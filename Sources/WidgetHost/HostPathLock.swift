import FileOutput
import Foundation
import SystemPackage
import Glibc
import Digest

/// A lock on an output directory's path rather than on the directory: the lock file inside the
/// directory goes with it when the directory is deleted, and a second host could then start on
/// a directory recreated at the same path. This one lives in the user's runtime directory
/// (`$XDG_RUNTIME_DIR`, else a private `/tmp/wallet-host-locks-<uid>`), named by the SHA-256 of
/// the directory's real path, and is held with `flock` for the host's life.
struct HostPathLock {
    let descriptor: Int32

    /// Takes the lock for `directory` (an existing directory); ``HostError/alreadyRunning(directory:)``
    /// when another host holds it.
    init(directory: String) throws(HostError) {
        let real =
            realpath(directory, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? directory
        let folder = try Self.lockFolder()
        let path = folder + "/host-" + String(SHA256.hex(Array(real.utf8)).prefix(32)) + ".lock"
        do {
            descriptor = try PrivatePaths.openOwnedFile(path, flags: O_RDWR)
        } catch {
            throw .output(UnderlyingError(error, description: "cannot open the host lock \(path): \(error.description)"))
        }
        guard retryingOnInterrupt({ flock(descriptor, LOCK_EX | LOCK_NB) }) == 0 else {
            let failure = FileError(operation: "lock", path: path, errno: .current)
            close(descriptor)
            if failure.errno == .wouldBlock { throw .alreadyRunning(directory: directory) }
            throw .output(UnderlyingError(failure))
        }
    }

    /// `$XDG_RUNTIME_DIR` when it is a directory, else `/tmp/wallet-host-locks-<uid>` (created
    /// 0700; one that is not this user's own directory is refused).
    private static func lockFolder() throws(HostError) -> String {
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
            (try? PathKind.of(runtime)) == .directory
        {
            return runtime
        }
        let folder = "/tmp/wallet-host-locks-\(getuid())"
        do {
            try PrivatePaths.createOwnedDirectory(folder)
        } catch {
            throw .output(UnderlyingError(error, description: "cannot create the host lock directory: \(error.description)"))
        }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_uid == getuid(), status.st_mode & 0o077 == 0 else {
            throw .lockFolderNotPrivate(folder: folder)
        }
        return folder
    }
}
