import FileOutput
import Foundation
import WalletCore

/// Writes and reads files of the repository's working copy (the wallet's own directory):
/// plain writes without an fsync each (git's objects are what must survive; a torn working copy
/// file is rewritten by the next sync's recovery), never through a symbolic link.
enum WorkingCopy {
    /// Writes the file whose plain path is `path` (sealed when the repository is), or removes it when nil.
    static func write(_ bytes: Data?, path: String, git: GitCommand) throws {
        try write(bytes.map { git.files.encode($0, path: path) }, stored: git.files.storedPath(path), in: git.directory)
    }

    /// The contents of the file whose plain path is `path` (opened when sealed), stored at
    /// `stored` when the caller knows it.
    static func read(_ path: String, git: GitCommand, stored: String? = nil) throws -> Data {
        let stored = stored ?? git.files.storedPath(path)
        let bytes = Data(try OwnCardFile.contents(git.root + "/" + stored, limit: largest))
        return try git.files.decode(bytes, stored: stored).content
    }

    /// The plain path of the working copy's file `stored` (a sealed file is opened to read it).
    static func plainPath(of stored: String, git: GitCommand) throws -> String {
        guard git.files.sealedFiles != nil else { return stored }
        let bytes = Data(try OwnCardFile.contents(git.root + "/" + stored, limit: largest))
        return try git.files.decode(bytes, stored: stored).path
    }

    /// The largest file of the working copy (a usage file, sealed).
    static let largest = RemoteTree.maximumUsageBytes + 1024 * 1024

    /// The stored paths of the files in the working copy's `folder`.
    static func files(in folder: String, git: GitCommand) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: git.directory.appendingPathComponent(folder).path)) ?? [])
            .map { "\(folder)/\($0)" }
    }

    /// Writes `bytes` to `stored` inside `directory` (creating its folders), or removes the file when nil.
    static func write(_ bytes: Data?, stored: String, in directory: URL) throws {
        let file = directory.appendingPathComponent(stored)
        guard let bytes else {
            if unlink(file.path) != 0, errno != ENOENT { throw FileError(operation: "remove", path: file.path, errno: .current) }
            return
        }
        var folders: [String] = []
        var folder = file.deletingLastPathComponent()
        while folder.path.count > directory.path.count {
            folders.insert(folder.path, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        for folder in folders where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw FileError(operation: "create", path: folder, errno: .current)
        }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileError(operation: "write", path: file.path, errno: .current) }
        defer { close(descriptor) }
        do throws(Errno) { try writeFully(bytes, to: descriptor) } catch {
            throw FileError(operation: "write", path: file.path, errno: error)
        }
    }
}

/// Reads a card file of the working copy: its own canonical lines without a JSON parser (10,000
/// of them are read at every sync), else, or when a value may be spelled otherwise than the
/// wallet spells it, through ``SyncedCardFile`` like any untrusted file.
enum OwnCardFile {
    /// The card file `path` (opened when sealed; stored at `stored`); `fast`: by its lines when it
    /// has the wallet's layout (its values then as the file spells them).
    static func read(_ path: String, stored: String, git: GitCommand, fast: Bool) throws -> SyncedCard {
        let bytes: [UInt8]
        if git.files.sealedFiles == nil {
            bytes = try contents(git.root + "/" + path)
        } else {
            bytes = [UInt8](try WorkingCopy.read(path, git: git, stored: stored))
        }
        if fast, let card = lines(bytes) { return card }
        return try SyncedCardFile.read(Data(bytes), path: path).0
    }

    /// A working-copy file's bytes up to a little past `limit`, read without Foundation's URL and
    /// Data machinery (10,000 a sync).
    static func contents(_ file: String, limit: Int = SyncedCardFile.maximumBytes) throws -> [UInt8] {
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(operation: "read", path: file, errno: .current) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let count = retryingOnInterrupt { Glibc.read(descriptor, &chunk, chunk.count) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    private static let fieldOpening = Array("\": {\"edited\": \"".utf8)
    private static let valueOpening = Array("\", \"value\": ".utf8)
    private static let idOpening = Array("\"id\": \"".utf8)
    private static let createdOpening = Array("\"createdAt\": \"".utf8)

    /// The card in the wallet's own layout (``SyncedCard/fileText``), or nil, read byte by byte.
    static func lines(_ bytes: [UInt8]) -> SyncedCard? {
        var id: UUID?, createdAt: Date?
        var fields: [String: SyncedField] = [:]
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count > 3, lines.first.map(Array.init) == [UInt8(ascii: "{")],
            lines[lines.count - 2].elementsEqual([UInt8(ascii: "}")]),
            lines.last?.isEmpty == true
        else { return nil }
        func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }
        for raw in lines[1..<(lines.count - 2)] {
            let line = raw.last == UInt8(ascii: ",") ? raw.dropLast() : raw
            guard line.count > 2, line.last == UInt8(ascii: "}") || line.last == UInt8(ascii: "\"") else { return nil }
            if line.starts(with: idOpening) {
                id = UUID(uuidString: text(line.dropFirst(idOpening.count).dropLast()))
            } else if line.starts(with: createdOpening) {
                createdAt = ISO8601.parse(text(line.dropFirst(createdOpening.count).dropLast()))
            } else {
                guard line.first == UInt8(ascii: "\""), let keyEnd = line.dropFirst().firstIndex(of: UInt8(ascii: "\"")),
                    line[keyEnd...].starts(with: fieldOpening), line.last == UInt8(ascii: "}")
                else { return nil }
                let dateStart = keyEnd + fieldOpening.count
                let dateEnd = dateStart + 20
                guard dateEnd + valueOpening.count < line.endIndex, line[dateEnd...].starts(with: valueOpening),
                    let edited = ISO8601.parse(text(line[dateStart..<dateEnd]))
                else { return nil }
                let key = text(line[(line.startIndex + 1)..<keyEnd])
                fields[key] = SyncedField(json: text(line[(dateEnd + valueOpening.count)..<(line.endIndex - 1)]), edited: edited)
            }
        }
        guard let id, let createdAt else { return nil }
        return SyncedCard(id: id, createdAt: createdAt, fields: fields)
    }
}
