import Foundation
import WalletCore

/// The checks and listings of a sealed repository's commits: only `sealed/wallet.json` naming this
/// wallet's key and `sealed/<kind>/<64 hex digits>` files within their kind's size; a plain
/// wallet's files refuse the commit (the remote holds a plain wallet), as does a marker naming
/// another key.
enum SealedTree {
    /// What sealing may add to a file: its header, nonce, tag and plain path.
    private static let slack = SealedFiles.overhead + 256

    /// Checks one stored path of a commit and its size.
    static func check(_ path: String, size: Int, files: SealedFiles) throws(SyncError) {
        if path == SealedFiles.markerPath {
            guard size <= 1024 else { throw .refusedFile(path: path, reason: "over 1 KiB") }
            return
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == SealedFiles.folder, SealedFiles.kinds.contains(String(parts[1])),
            parts[2].count == 64, Hex.bytes(parts[2]) != nil
        else {
            if RepositoryPath.cardID(path) != nil || RepositoryPath.usageDevice(path) != nil || RepositoryPath.image(path) != nil
            {
                throw .remoteIsPlain
            }
            throw .refusedFile(
                path: path, reason: "not a sealed wallet file: only sealed/wallet.json and sealed/<kind>/<name> belong there")
        }
        let limit =
            switch parts[1] {
            case "cards": SyncedCardFile.maximumBytes
            case "images": CardImage.maxBytes
            default: RemoteTree.maximumUsageBytes
            }
        guard size <= limit + slack else { throw .refusedFile(path: path, reason: "over \(limit / 1024) KiB") }
    }

    /// Checks the commit's `sealed/wallet.json`: it names this wallet's key.
    static func checkMarker(_ bytes: Data, files: SealedFiles) throws(SyncError) {
        guard let id = SealedFiles.keyID(inMarker: bytes) else {
            throw .refusedFile(path: SealedFiles.markerPath, reason: "not {\"format\": 1, \"key\": KEY-ID}")
        }
        guard id == files.key.idText else { throw .sealedUnderAnotherKey }
    }

    /// The plain paths of the files that differ between two commits (every file of `to` when
    /// `from` is nil), each changed file opened (the one in `to`, or in `from` when it is gone).
    static func changedPaths(from: String?, to: String, git: GitCommand, files: SealedFiles) throws -> [String] {
        var entries: [(stored: String, blob: String)] = []
        if let from {
            let listing = try git.run(["diff", "--raw", "-z", "--no-renames", "--no-abbrev", from, to])
            let fields = listing.split(separator: 0, omittingEmptySubsequences: false)
            var index = 0
            while index + 1 < fields.count {
                let status = String(decoding: fields[index], as: UTF8.self).split(separator: " ")
                let stored = String(decoding: fields[index + 1], as: UTF8.self)
                index += 2
                guard status.count == 5 else { continue }
                let blob = status[3].allSatisfy { $0 == "0" } ? status[2] : status[3]
                entries.append((stored, String(blob)))
            }
        } else {
            let listing = try git.run(["ls-tree", "-r", "-z", "--full-tree", to])
            for record in listing.split(separator: 0) {
                guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
                let parts = record[..<tab].split(separator: UInt8(ascii: " "))
                guard parts.count == 3 else { continue }
                entries.append((String(decoding: record[(tab + 1)...], as: UTF8.self), String(decoding: parts[2], as: UTF8.self)))
            }
        }
        entries.removeAll { $0.stored == SealedFiles.markerPath }
        var paths: [String] = []
        for (index, bytes) in try RemoteTree.blobContents(entries.map(\.blob), git: git) {
            paths.append(try files.open(bytes, stored: entries[index].stored, blob: entries[index].blob).path)
        }
        return paths
    }
}
