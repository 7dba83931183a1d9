import Foundation
import WalletCore

/// How many columns the output on stdout has: the kernel's window size (TIOCGWINSZ) when stdout
/// is a terminal, else `$COLUMNS` when set, else 80 for a terminal and no limit for a pipe or file.
///
/// A pipe or a file has no width: nothing wraps there, so a script that captures a barcode drawn
/// in text gets all of it, while a user in a narrow terminal is told how to get the code instead.
enum TerminalWidth {
    /// The width assumed for a terminal that reports none.
    static let fallback = 80

    static func current(environment: [String: String] = ProcessEnvironment.current) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return isatty(STDOUT_FILENO) == 1 ? fallback : .max
    }
}
