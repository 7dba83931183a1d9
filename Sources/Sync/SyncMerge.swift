import Foundation
import WalletCore

/// Merges the remote's commit into the local one, card by card (``CardMerge``), after checking
/// every file that comes in (``RemoteTree``, ``SyncedCardFile``, ``UsageFile``); then turns
/// the change between two commits into what the database applies.
struct SyncMerge {
    let git: GitCommand
    let device: String

    /// Merges `theirs` into `ours` (nil: no local commit yet) and moves the branch to the
    /// result: a fast-forward when `ours` is behind, else a merge commit with both parents.
    func merge(ours: String?, theirs: String) throws -> [SyncConflict] {
        _ = try RemoteTree.check(theirs, git: git)
        let base = try ours.flatMap { ours in
            let outcome = try git.attempt(["merge-base", ours, theirs])
            return outcome.status == 0 ? String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .newlines) : nil
        }
        let incoming = try RemoteTree.changedPaths(from: base, to: theirs, git: git)
        let theirFiles = try Self.checkedCards(incoming, at: theirs, git: git)
        let usagePaths = incoming.filter { RepositoryPath.usageDevice($0) != nil }
        for (path, bytes) in try RemoteTree.contents(of: usagePaths, at: theirs, git: git) { _ = try UsageFile.events(bytes, path: path) }
        if ours == nil || base == ours {
            try git.run(["reset", "-q", "--hard", theirs])
            return []
        }
        guard let ours else { return [] }
        let ourPaths = Set(try RemoteTree.changedPaths(from: base, to: ours, git: git))
        let both = incoming.filter { ourPaths.contains($0) && RepositoryPath.cardID($0) != nil }
        let ourFiles = try Self.checkedCards(both, at: ours, git: git)
        let baseFiles = try base.map { try Self.checkedCards(both, at: $0, git: git) } ?? [:]
        var conflicts: [SyncConflict] = []
        var lines: [String] = []
        let raw = try RemoteTree.contents(of: incoming.filter { !ourPaths.contains($0) }, at: theirs, git: git)
        for path in incoming {
            let file = git.directory.appendingPathComponent(path)
            if !ourPaths.contains(path) {
                try write(raw[path], to: file)
            } else if RepositoryPath.cardID(path) != nil {
                let (merged, settled) = CardMerge.merge(base: baseFiles[path], ours: ourFiles[path], theirs: theirFiles[path])
                conflicts += settled
                try write(merged.map { Data($0.fileText.utf8) }, to: file)
                let store = (merged ?? ourFiles[path] ?? theirFiles[path])?.store ?? path
                lines += settled.map { "\(path) \(store): \($0.field) kept \($0.kept ?? "(none)"), set aside \($0.other ?? "(none)")" }
            }
        }
        try git.run(["add", "-A", "--", "."])
        let tree = try git.text(["write-tree"])
        let message = "\(device): merged \(incoming.count) changed files, \(conflicts.count) conflicts\n\n" + lines.joined(separator: "\n")
        let commit = try git.text(["commit-tree", tree, "-p", ours, "-p", theirs, "-m", message])
        try git.run(["update-ref", "refs/heads/\(WalletSync.branch)", commit])
        return conflicts
    }

    /// What the database must do to go from commit `from` (nil: nothing) to commit `to`.
    static func application(git: GitCommand, from: String?, to: String) throws -> (application: SyncApplication, paths: [String]) {
        let paths = try RemoteTree.changedPaths(from: from, to: to, git: git)
        let cards = try checkedCards(paths, at: to, git: git)
        var change = SyncApplication(commit: to)
        for path in paths {
            guard let id = RepositoryPath.cardID(path) else { continue }
            if let card = cards[path] {
                change.upserts.append(try card.card())
            } else {
                change.removals.append(id)
            }
        }
        let usage = try RemoteTree.contents(of: paths.filter { RepositoryPath.usageDevice($0) != nil }, at: to, git: git)
        for (path, bytes) in usage { change.usage += try UsageFile.events(bytes, path: path) }
        return (change, paths)
    }

    /// The card files among `paths` at `commit`, each read as untrusted input.
    static func checkedCards(_ paths: [String], at commit: String, git: GitCommand) throws -> [String: SyncedCard] {
        let cardPaths = paths.filter { RepositoryPath.cardID($0) != nil }
        var cards: [String: SyncedCard] = [:]
        for (path, bytes) in try RemoteTree.contents(of: cardPaths, at: commit, git: git) {
            cards[path] = try SyncedCardFile.read(bytes, path: path).0
        }
        return cards
    }

    /// Writes `bytes` to `file` (creating its folder), or removes the file when nil.
    private func write(_ bytes: Data?, to file: URL) throws {
        guard let bytes else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
    }
}
