import Foundation
import WalletCore

/// The files of a commit, checked before anything of it is read, merged or checked out: only
/// regular files at `cards/<id>.json`, `cards/<id>/<role>.png` and `usage/<device>.jsonl`, each under its size limit;
/// a symbolic link, a submodule, any other path or an oversized file refuses the whole commit.
enum RemoteTree {
    /// The most files a wallet repository may hold.
    static let maximumFiles = 200_000
    /// The largest usage file accepted.
    static let maximumUsageBytes = 16 * 1024 * 1024

    /// The commit's stored paths, all checked (a sealed repository's by ``SealedTree``).
    static func check(_ commit: String, git: GitCommand) throws -> Set<String> {
        let listing = try git.run(["ls-tree", "-r", "-z", "-l", "--full-tree", commit])
        var paths = Set<String>()
        var marker: String?
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let parts = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 4 else { throw SyncError.refusedFile(path: path, reason: "unreadable tree entry") }
            if parts[0] == "120000" { throw SyncError.refusedFile(path: path, reason: "a symbolic link") }
            guard parts[0] == "100644" || parts[0] == "100755", parts[1] == "blob" else {
                throw SyncError.refusedFile(path: path, reason: "not a regular file")
            }
            let size = Int(parts[3]) ?? .max
            paths.insert(path)
            guard paths.count <= maximumFiles else {
                throw SyncError.refusedFile(path: path, reason: "more than \(maximumFiles) files")
            }
            if path == SealedFiles.markerPath { marker = String(parts[2]) }
            if let files = git.files.sealedFiles {
                try SealedTree.check(path, size: size, files: files)
                continue
            }
            if path.hasPrefix(SealedFiles.folder + "/") { throw SyncError.remoteIsSealed }
            if RepositoryPath.cardID(path) != nil {
                guard size <= SyncedCardFile.maximumBytes else {
                    throw SyncError.refusedFile(path: path, reason: "over \(SyncedCardFile.maximumBytes / 1024) KiB")
                }
            } else if RepositoryPath.image(path) != nil {
                guard size <= CardImage.maxBytes else {
                    throw SyncError.refusedFile(path: path, reason: "over \(CardImage.maxBytes >> 20) MiB")
                }
            } else if RepositoryPath.usageDevice(path) != nil {
                guard size <= maximumUsageBytes else {
                    throw SyncError.refusedFile(path: path, reason: "over \(maximumUsageBytes / 1024 / 1024) MiB")
                }
            } else {
                throw SyncError.refusedFile(
                    path: path,
                    reason: "not a wallet file: only cards/<id>.json, cards/<id>/<role>.png and usage/<device>.jsonl belong there"
                )
            }
        }
        if let files = git.files.sealedFiles, !paths.isEmpty {
            guard let marker else { throw SyncError.refusedFile(path: SealedFiles.markerPath, reason: "missing") }
            try SealedTree.checkMarker(try git.run(["cat-file", "blob", marker]), files: files)
        }
        return paths
    }

    /// The plain paths that differ between two commits (every path of `to` when `from` is nil); a
    /// sealed repository's changed files are opened to learn them (``SealedTree/changedPaths``).
    static func changedPaths(from: String?, to: String, git: GitCommand) throws -> [String] {
        if let files = git.files.sealedFiles { return try SealedTree.changedPaths(from: from, to: to, git: git, files: files) }
        let listing =
            try from.map { try git.run(["diff", "--name-only", "-z", "--no-renames", $0, to]) }
            ?? git.run(["ls-tree", "-r", "-z", "--name-only", "--full-tree", to])
        return listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The contents of `paths` at `commit` (a path missing there is left out), read in one
    /// `git cat-file --batch` by blob id: asking for `COMMIT:PATH` made git walk the card folder
    /// for every file (3 s for 2,000 cards).
    /// (Sealed files are opened, each checked to be the file its plain path names.)
    static func contents(of paths: [String], at commit: String, git: GitCommand) throws -> [String: Data] {
        guard !paths.isEmpty else { return [:] }
        let listing = try git.run(["ls-tree", "-r", "-z", "--full-tree", commit])
        var blobs: [String: String] = [:]
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let parts = record[..<tab].split(separator: UInt8(ascii: " "))
            guard parts.count == 3 else { continue }
            blobs[String(decoding: record[(tab + 1)...], as: UTF8.self)] = String(decoding: parts[2], as: UTF8.self)
        }
        let wanted = paths.compactMap { path in blobs[git.files.storedPath(path)].map { (path, $0) } }
        var result: [String: Data] = [:]
        for (index, bytes) in try blobContents(wanted.map(\.1), git: git) {
            let (path, blob) = wanted[index]
            result[path] = try git.files.decode(bytes, stored: git.files.storedPath(path), blob: blob).content
        }
        return result
    }

    /// The contents of git blobs, read in one `git cat-file --batch`, by their index in `blobs`.
    static func blobContents(_ blobs: [String], git: GitCommand) throws -> [(Int, Data)] {
        guard !blobs.isEmpty else { return [] }
        let output = try git.run(["cat-file", "--batch"], input: Data(blobs.map { "\($0)\n" }.joined().utf8))
        var result: [(Int, Data)] = []
        var offset = output.startIndex
        for index in blobs.indices {
            guard let newline = output[offset...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: output[offset..<newline], as: UTF8.self).split(separator: " ")
            offset = newline + 1
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]) else { continue }
            guard output.endIndex - offset >= size else { throw SyncError.git(command: "cat-file", message: "short output") }
            result.append((index, Data(output[offset..<(offset + size)])))
            offset += size + 1
        }
        return result
    }
}
