import Foundation

/// Progress of long work on one terminal line of stderr: "label 1234/5000 (24%)", redrawn in
/// place at most ten times a second and erased when the work is done. It appears only once the
/// work has run for ``delay`` (a second; `WALLET_PROGRESS_AFTER=SECONDS` changes it, for tests),
/// and never when stderr is not a terminal, so pipes and logs stay clean. The count is bold
/// when ``TerminalColors`` allows it.
final class ProgressLine {
    private let label: String
    private let isTerminal: Bool
    private let styled: Bool
    private let delay: Duration
    private let started = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?

    init(_ label: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        isTerminal = isatty(STDERR_FILENO) == 1
        styled = TerminalColors.enabled(environment: environment)
        delay = environment["WALLET_PROGRESS_AFTER"].flatMap(Double.init).map { .milliseconds(Int($0 * 1000)) } ?? .seconds(1)
    }

    /// Reports `done` of `total` items; draws when a second has passed and the last draw is old enough.
    func update(_ done: Int, of total: Int) {
        guard isTerminal else { return }
        let now = ContinuousClock.now
        guard now - started >= delay else { return }
        if let lastDrawn, now - lastDrawn < .milliseconds(100), done < total { return }
        lastDrawn = now
        let percent = total > 0 ? done * 100 / total : 100
        let count = "\(done)/\(total)"
        let text = "\(label) \(styled ? "\u{1B}[1m\(count)\u{1B}[0m" : count) (\(percent)%)"
        write("\r\(text)\u{1B}[K")
    }

    /// Erases the line (when one was drawn), leaving the cursor where it was before.
    func finish() {
        guard lastDrawn != nil else { return }
        write("\r\u{1B}[K")
        lastDrawn = nil
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
