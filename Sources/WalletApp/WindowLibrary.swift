internal import CWalletWindowAPI
import Foundation

/// The window library (libWalletWindow.so, which links GTK), opened with dlopen when a window is
/// wanted: beside the executable in a build directory, in `PREFIX/lib/wallet` once installed.
struct WindowLibrary {
    let openDisplay: wallet_window_open_display_function
    let run: wallet_window_run_function

    /// Where the library is looked for, in order, for the running executable.
    static var candidates: [String] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let name = String(cString: wallet_window_library_name)
        return [
            executable.deletingLastPathComponent().appendingPathComponent("lib/wallet/\(name)").path,
            executable.appendingPathComponent(name).path,
        ]
    }

    /// Loads the library (dlopen counts references: loading it again is cheap).
    static func load() throws(CardWindowError) -> WindowLibrary {
        var reasons: [String] = []
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(String(cString: dlerror()))
                continue
            }
            guard let open = dlsym(handle, wallet_window_open_display_symbol),
                  let run = dlsym(handle, wallet_window_run_symbol)
            else {
                reasons.append("\(path) lacks the window functions")
                dlclose(handle)
                continue
            }
            return WindowLibrary(
                openDisplay: unsafeBitCast(open, to: wallet_window_open_display_function.self),
                run: unsafeBitCast(run, to: wallet_window_run_function.self))
        }
        throw .libraryMissing(looked: candidates, reason: reasons.first)
    }
}
