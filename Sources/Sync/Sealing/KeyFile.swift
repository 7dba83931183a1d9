import FileOutput
import Foundation

/// How `wallet sync init` seals the remote.
public enum SyncSealing: Sendable {
    /// `--plain`: the files in plain text.
    case plain
    /// The default: a new random wallet key.
    case newKey
    /// `--key WORDS`: the key of a wallet whose remote is already sealed.
    case join(words: String)
}

/// The wallet key on this device: `sync.key` in the wallet's container (beside the database, never
/// in the repository), mode 0600, its 64 hex digits on one line. No file: the wallet syncs in plain
/// text. A rekey in progress keeps the new key and its commit in `sync.key.next` until the push is
/// known to have landed.
enum KeyFile {
    static let name = "sync.key"
    static let pendingName = "sync.key.next"

    /// The key in `path`, nil when there is no file; a damaged file is an error.
    static func load(_ path: String) throws(SyncError) -> WalletKey? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            guard access(path, F_OK) == 0 else { return nil }
            throw .keyMissing(path: path)
        }
        guard let bytes = Hex.bytes(text.trimmingCharacters(in: .newlines)), let key = WalletKey(bytes: bytes) else {
            throw .keyMissing(path: path)
        }
        return key
    }

    /// Writes `key` to `path` atomically with mode 0600 (nil: removes the file).
    static func save(_ key: WalletKey?, to path: String, commit: String? = nil) throws {
        guard let key else {
            if unlink(path) != 0, errno != ENOENT { throw FileError(operation: "remove", path: path, errno: .current) }
            return
        }
        let line = Hex.text(key.bytes) + (commit.map { " " + $0 } ?? "") + "\n"
        try AtomicFile.write(Array(line.utf8), to: path, permissions: 0o600, owned: true)
    }

    /// A rekey's pending key and the commit it sealed, or nil.
    static func pending(_ path: String) -> (key: WalletKey, commit: String)? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let parts = text.trimmingCharacters(in: .newlines).split(separator: " ")
        guard parts.count == 2, let bytes = Hex.bytes(parts[0]), let key = WalletKey(bytes: bytes) else { return nil }
        return (key, String(parts[1]))
    }
}
