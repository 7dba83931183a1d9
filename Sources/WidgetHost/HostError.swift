import FileOutput
import Glibc
import SystemPackage

/// Why the widget host cannot start or keep going. Each ``description`` is one line saying what
/// is wrong and how to fix it.
public enum HostError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another host holds the output directory's lock.
    case alreadyRunning(directory: String)
    /// The wallet's own directory (`--home`, `$WALLET_HOME`) cannot be created or used.
    case container(path: String, UnderlyingError)
    /// The output directory cannot be created, locked or written: the error below (usually a
    /// `FileError`) with its one-line text.
    case output(UnderlyingError)
    /// The folder of the host's path locks (`/tmp/wallet-host-locks-<uid>`) belongs to someone
    /// else or others may write it.
    case lockFolderNotPrivate(folder: String)
    /// inotify could not watch a directory.
    case watch(path: String, errno: Errno)
    /// The signal pipe could not be set up.
    case signals(errno: Errno)
    /// `--once` ran, but `errors` renders or reads failed (their `error` event lines say which).
    case failedOnce(errors: Int)

    public var description: String {
        switch self {
        case .alreadyRunning(let directory):
            "another wallet widget host is already keeping \(directory) current: stop it first or choose another --output"
        case .container(let path, let error):
            "cannot use the wallet directory \(path): \(error) (point --home or WALLET_HOME at a directory)"
        case .output(let error):
            "cannot use the output directory: \(error)"
        case .lockFolderNotPrivate(let folder):
            "cannot use the output directory: \(folder) is not a private directory of this user: remove it or set XDG_RUNTIME_DIR"
        case .watch(let path, let errno):
            "cannot watch \(path) for changes: \(ErrnoText.message(for: errno))"
                + (errno == .noSpace ? " (raise fs.inotify.max_user_watches)" : "")
        case .signals(let errno):
            "cannot set up signal handling: \(ErrnoText.message(for: errno))"
        case .failedOnce(let errors):
            "\(errors) error\(errors == 1 ? "" : "s") while rendering (see the error event lines above): fix them and run again"
        }
    }
}
