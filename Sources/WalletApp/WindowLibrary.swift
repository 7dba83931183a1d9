internal import CWalletWindowAPI
import OnDemandLibrary

/// The window library (libWalletWindow.so, which links GTK), opened with dlopen when a window is
/// wanted: in `PREFIX/lib/wallet` once installed, else beside the executable in a build directory
/// (``OnDemandLibrary/candidates(for:)``).
struct WindowLibrary {
    let openDisplay: wallet_window_open_display_function
    let run: wallet_window_run_function

    /// Loads the library (dlopen counts references: loading it again is cheap).
    static func load() throws(CardWindowError) -> WindowLibrary {
        do {
            let library = try OnDemandLibrary.bundled(String(cString: wallet_window_library_name))
            return WindowLibrary(
                openDisplay: try library.function(
                    String(cString: wallet_window_open_display_symbol), as: wallet_window_open_display_function.self),
                run: try library.function(String(cString: wallet_window_run_symbol), as: wallet_window_run_function.self))
        } catch {
            throw .libraryMissing(looked: error.looked, reason: error.reason)
        }
    }
}
