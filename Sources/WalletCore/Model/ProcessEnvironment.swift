#if canImport(Glibc)
import Glibc
#endif

/// The few environment variables a command reads, looked up one by one.
///
/// `ProcessInfo.processInfo.environment` builds a dictionary of the whole environment at every
/// call (finding each `=` character by character): 2.2 million instructions, 14 % of a
/// `wallet widget tap`, for the four calls on that path (issue 26, bench/results.md
/// "Start-up"). The functions that read the environment take a dictionary, so tests pass their
/// own; their default is this one, holding only the names they read.
public enum ProcessEnvironment {
    /// The variables among `names` that are set, with their values.
    public static func values(_ names: String...) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
