#if canImport(Glibc)
import Glibc
#endif

/// The process's environment, read once.
///
/// `ProcessInfo.processInfo.environment` builds a new dictionary of the whole environment at
/// every call, finding each `=` character by character (grapheme clusters): a large share of a
/// `wallet widget tap` for the four calls on that path (issue 26, bench/results.md "Reference
/// measurements", `ProcessEnvironment`). Here the dictionary is built once, splitting each entry at its
/// first `=` byte. Nothing in the wallet changes its own environment, so one reading serves the
/// whole process. The functions that read the environment take a dictionary, so tests pass
/// their own; this is their default.
public enum ProcessEnvironment {
    /// Every variable and its value, as `ProcessInfo.processInfo.environment` gives them.
    public static let current: [String: String] = {
        var entries: [String] = []
        var entry = environ
        while let text = entry.pointee {
            entries.append(String(cString: text))
            entry += 1
        }
        return variables(entries)
    }()

    /// `NAME=value` entries as a dictionary: split at the first `=`; an entry without one is
    /// skipped, and a name given twice keeps its last value (as Foundation's reading does).
    static func variables(_ entries: [String]) -> [String: String] {
        var variables: [String: String] = [:]
        for entry in entries {
            guard let equals = entry.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            variables[String(entry[..<equals])] = String(entry[entry.utf8.index(after: equals)...])
        }
        return variables
    }
}
