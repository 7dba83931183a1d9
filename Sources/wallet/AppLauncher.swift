import Foundation
import OnDemandLibrary

/// Starts the app (`wallet-app`, GTK4/libadwaita) in place of this process, so `wallet` itself
/// never loads GTK: the app is looked for beside the running `wallet` first (a build directory,
/// `PREFIX/bin`), then on `PATH`. A running app (GApplication's single instance) takes the link
/// and the started one exits at once; otherwise the started app's event lines go to our stdout.
enum AppLauncher {
    /// The app's file name.
    static let appName = "wallet-app"

    /// True when the environment names a display to connect to (X11 or Wayland).
    static func displayIsNamed(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// The app to start: beside `wallet` (in `directory`), else the first executable one on `path`.
    static func locate(
        besideWalletIn directory: String = OnDemandLibrary.executableDirectory(),
        path: String = ProcessInfo.processInfo.environment["PATH"] ?? ""
    ) throws(AppLaunchError) -> String {
        let candidates = [directory] + path.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        for folder in candidates {
            let file = "\(folder)/\(appName)"
            if access(file, X_OK) == 0 { return file }
        }
        throw .appMissing(beside: directory)
    }

    /// Checks that a window can be opened (a display is named, the app is found) before anything
    /// is changed; returns the app's path.
    static func prepare() throws(AppLaunchError) -> String {
        guard displayIsNamed() else { throw .noDisplay }
        return try locate()
    }

    /// Replaces this process with the app at `url`; returns only by throwing.
    static func exec(_ app: String, url: String) throws(AppLaunchError) -> Never {
        fflush(nil)
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(app), strdup(url), nil]
        execv(app, arguments)
        let reason = String(cString: strerror(errno))
        arguments.forEach { free($0) }
        throw .cannotStart(app, reason: reason)
    }
}

/// Why the app could not be started. Each ``description`` is one line a person can act on.
enum AppLaunchError: Error, Equatable, CustomStringConvertible {
    /// Neither DISPLAY nor WAYLAND_DISPLAY is set.
    case noDisplay
    /// No `wallet-app` beside `wallet` nor on PATH.
    case appMissing(beside: String)
    /// `execv` failed.
    case cannotStart(String, reason: String)

    var description: String {
        switch self {
        case .noDisplay:
            "cannot open a window: no graphical display (set DISPLAY or WAYLAND_DISPLAY, or use `--no-window` to print the card)"
        case .appMissing(let directory):
            "cannot open a window: the app (\(AppLauncher.appName)) is neither in \(directory) nor on PATH "
                + "(install it with `make install` or `apt install ./wallet_*.deb`, or use `--no-window` to print the card)"
        case .cannotStart(let app, let reason):
            "cannot open a window: \(app) cannot be started: \(reason) (reinstall it with `make install`)"
        }
    }
}
