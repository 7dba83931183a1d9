import Foundation

/// How many columns the terminal on stdout has: the kernel's window size (TIOCGWINSZ) when stdout
/// is a terminal, else `$COLUMNS` (set by shells, and by users piping output), else 80.
enum TerminalWidth {
    /// The width assumed when neither the terminal nor `$COLUMNS` says.
    static let fallback = 80

    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return fallback
    }
}
