import FileOutput
import Foundation
import WalletCore

/// Writes and reads files of the repository's working copy (the wallet's own directory):
/// plain writes without an fsync each (git's objects are what must survive; a torn working copy
/// file is rewritten by the next sync's recovery), never through a symbolic link.
enum WorkingCopy {
    /// Writes `bytes` to `path` inside `directory` (creating its folder), or removes the file when nil.
    static func write(_ bytes: Data?, path: String, in directory: URL) throws {
        let file = directory.appendingPathComponent(path)
        guard let bytes else {
            if unlink(file.path) != 0, errno != ENOENT { throw FileError(operation: "remove", path: file.path, errno: errno) }
            return
        }
        let folder = file.deletingLastPathComponent().path
        if mkdir(folder, 0o700) != 0, errno != EEXIST { throw FileError(operation: "create", path: folder, errno: errno) }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileError(operation: "write", path: file.path, errno: errno) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { writeFully($0, to: descriptor) }
        if let failure = written { throw FileError(operation: "write", path: file.path, errno: failure) }
    }
}

/// Reads a card file of the working copy: its own canonical lines without a JSON parser (10,000
/// of them are read at every sync), else, or when a value may be spelled otherwise than the
/// wallet spells it, through ``SyncedCardFile`` like any untrusted file.
enum OwnCardFile {
    /// The card in `file`; `fast`: by its lines when it has the wallet's layout (its values
    /// then as the file spells them).
    static func read(_ file: URL, path: String, fast: Bool) throws -> SyncedCard {
        let bytes = try Data(contentsOf: file)
        if fast, let card = lines(String(decoding: bytes, as: UTF8.self)) { return card }
        return try SyncedCardFile.read(bytes, path: path).0
    }

    /// The card in the wallet's own layout (``SyncedCard/fileText``), or nil.
    static func lines(_ text: String) -> SyncedCard? {
        var id: UUID?, createdAt: Date?
        var fields: [String: SyncedField] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 3, lines.first == "{", lines[lines.count - 2] == "}", lines.last == "" else { return nil }
        for raw in lines[1..<(lines.count - 2)] {
            let line = raw.hasSuffix(",") ? raw.dropLast() : raw[...]
            if line.hasPrefix("\"id\": \"") {
                id = UUID(uuidString: String(line.dropFirst(7).dropLast()))
            } else if line.hasPrefix("\"createdAt\": \"") {
                createdAt = ISO8601.parse(String(line.dropFirst(14).dropLast()))
            } else {
                guard let keyEnd = line.dropFirst().firstIndex(of: "\""),
                    line[keyEnd...].hasPrefix("\": {\"edited\": \""), line.hasSuffix("}")
                else { return nil }
                let key = String(line[line.index(after: line.startIndex)..<keyEnd])
                let dateStart = line.index(keyEnd, offsetBy: 15)
                guard let dateEnd = line.index(dateStart, offsetBy: 20, limitedBy: line.endIndex),
                    let edited = ISO8601.parse(String(line[dateStart..<dateEnd])),
                    line[dateEnd...].hasPrefix("\", \"value\": ")
                else { return nil }
                fields[key] = SyncedField(json: String(line[line.index(dateEnd, offsetBy: 12)...].dropLast()), edited: edited)
            }
        }
        guard let id, let createdAt else { return nil }
        return SyncedCard(id: id, createdAt: createdAt, fields: fields)
    }
}
