import Foundation

/// The progress line of a large import: shown on stderr, only when stderr is a terminal (a
/// script's captured output stays exactly "added N, skipped M"), and erased when done.
struct ImportProgress {
    /// Files smaller than this import too fast for a progress line to be worth showing.
    static let threshold = 1024 * 1024

    private let visible: Bool

    /// Shows progress for `file` when it is at least ``threshold`` bytes and stderr is a terminal.
    init(file: String) {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
        visible = size >= Self.threshold && isatty(STDERR_FILENO) == 1
        if visible { show("importing \(TerminalText.escaped(file)) (\(size / 1024) KB): reading and checking every card...") }
    }

    /// Replaces the line with `text`.
    func show(_ text: String) {
        guard visible else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Erases the line.
    func finish() {
        guard visible else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
