import FileOutput
import Glibc

/// Why the widget host cannot start or keep going. Each ``description`` is one line saying what
/// is wrong and how to fix it.
public enum HostError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another host holds the output directory's lock.
    case alreadyRunning(directory: String)
    /// The wallet's own directory (`--home`, `$WALLET_HOME`) cannot be created or used.
    case container(path: String, detail: String)
    /// The output directory cannot be created, locked or written.
    case output(String)
    /// inotify could not watch a directory.
    case watch(path: String, errno: Int32)
    /// The signal pipe could not be set up.
    case signals(errno: Int32)
    /// `--once` ran, but `errors` renders or reads failed (their `error` event lines say which).
    case failedOnce(errors: Int)

    public var description: String {
        switch self {
        case .alreadyRunning(let directory):
            "another wallet widget host is already keeping \(directory) current: stop it first or choose another --output"
        case .container(let path, let detail):
            "cannot use the wallet directory \(path): \(detail) (point --home or WALLET_HOME at a directory)"
        case .output(let detail):
            "cannot use the output directory: \(detail)"
        case .watch(let path, let errno):
            "cannot watch \(path) for changes: \(ErrnoText.message(for: errno))"
                + (errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : "")
        case .signals(let errno):
            "cannot set up signal handling: \(ErrnoText.message(for: errno))"
        case .failedOnce(let errors):
            "\(errors) error\(errors == 1 ? "" : "s") while rendering (see the error event lines above): fix them and run again"
        }
    }
}
