/// Objects a command leaves for the process's exit to free.
///
/// A card reader that is released closes its GRDB queue, and disposing that Dispatch queue runs
/// the destructors of its queue-specific values on a Dispatch worker: two threads (a worker and
/// Dispatch's manager) are started at the end of `card list` or `widget tap` only to free
/// memory the exit is about to free, plus the teardown's instructions (issue 26, bench/results.md
/// "Reference measurements", `ProcessLifetime`). A reader only reads, so nothing is lost by leaving its read-only
/// connection to the exit; writers are still closed, so SQLite checkpoints their journal.
enum ProcessLifetime {
    /// Keeps `object` until the process exits (one reference that is never released).
    static func keep(_ object: AnyObject) {
        _ = Unmanaged.passRetained(object)
    }
}
