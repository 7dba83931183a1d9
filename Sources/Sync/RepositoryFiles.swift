import FileOutput
import Foundation

/// How the repository stores its files: in plain text under their own paths (`wallet sync init
/// --plain`), or sealed under the wallet key (``SealedFiles``). Everything else of the sync works
/// on plain paths and contents; this maps them to what git holds and back, in the working copy
/// (``WorkingCopy``), in commits (``RemoteTree``) and in commit messages.
enum RepositoryFiles: Sendable {
    case plain
    case sealed(SealedFiles)

    /// The sealed files' key, or nil for a plain repository.
    var sealedFiles: SealedFiles? {
        if case .sealed(let files) = self { return files }
        return nil
    }

    /// Where git holds the file whose plain path is `path`.
    func storedPath(_ path: String) -> String {
        sealedFiles?.storedPath(path) ?? path
    }

    /// The bytes git holds for `content` at `path`.
    func encode(_ content: Data, path: String) -> Data {
        guard let files = sealedFiles else { return content }
        return files.seal(content, path: path, stored: files.storedPath(path))
    }

    /// The plain path and contents of what git holds at `stored` (`blob`: its id, to open it once).
    func decode(_ bytes: Data, stored: String, blob: String? = nil) throws(SyncError) -> (path: String, content: Data) {
        guard let files = sealedFiles else { return (stored, bytes) }
        return try files.open(bytes, stored: stored, blob: blob)
    }

    /// The folders of the working copy holding card files and usage files.
    var cardFolder: String { sealedFiles == nil ? "cards" : "\(SealedFiles.folder)/cards" }
    var usageFolder: String { sealedFiles == nil ? "usage" : "\(SealedFiles.folder)/usage" }

    /// A commit message as git keeps it (sealed, or as it is).
    func message(_ text: String) -> String { sealedFiles?.sealMessage(text) ?? text }

    /// A commit message as people read it; a sealed one this key cannot open says so.
    func readMessage(_ text: String) -> String {
        guard let files = sealedFiles else { return text }
        return files.openMessage(text) ?? "(sealed under another key)"
    }
}
