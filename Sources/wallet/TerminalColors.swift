import Foundation

/// Whether the CLI writes color and style escapes: the one place that decides it (the terminal
/// barcode of `card show` and `wallet open`, the progress line's bold count).
///
/// No colors when `NO_COLOR` is set to anything but empty (https://no-color.org) or the
/// terminal says it has none (`TERM=dumb`, as Emacs' shell buffers and some CI consoles set it).
enum TerminalColors {
    static func enabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
