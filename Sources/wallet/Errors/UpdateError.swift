/// Why `card update` exits non-zero.
enum UpdateError: Error, CustomStringConvertible {
    case notLive(String)
    case failed(Int, of: Int)

    var description: String {
        switch self {
        case .notLive(let store):
            "card '\(TerminalText.escaped(store))' is not a live pass (it names no issuer web service): only passes imported from their issuer update"
        case .failed(let count, let total):
            "\(count) of \(total) card\(total == 1 ? "" : "s") could not be updated (see the lines above); nothing was changed on them"
        }
    }
}
