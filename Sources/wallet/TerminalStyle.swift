import Foundation

/// The one place the CLI decides whether to write color (SGR escapes): only to a terminal, and
/// never when `NO_COLOR` is set to anything (https://no-color.org) or `TERM` is `dumb` (a
/// terminal that cannot show them). Pipes and files get plain text, so `card show | cat` and
/// logs carry no escapes.
enum TerminalStyle {
    /// Whether text written to `descriptor` may carry color.
    static func colors(on descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isatty(descriptor) == 1 else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// Whether stdout may carry color.
    static var stdoutColors: Bool { colors(on: STDOUT_FILENO) }
}
