import Foundation
import WalletCore

/// Merges the remote's commit into the local one, card by card (``CardMerge``), after checking
/// every file that comes in (``RemoteTree``, ``SyncedCardFile``, ``UsageFile``); then turns
/// the change between two commits into what the database applies.
struct SyncMerge {
    let git: GitCommand
    let device: String
    /// Card files already read in this sync (a file checked before the merge is not parsed again to apply it).
    let checked: CheckedCards

    /// Merges `theirs` into `ours` (nil: no local commit yet) and moves the branch to the
    /// result: a fast-forward when `ours` is behind, else a merge commit with both parents.
    func merge(ours: String?, theirs: String) throws -> [SyncConflict] {
        _ = try RemoteTree.check(theirs, git: git)
        let base = try ours.flatMap { ours in
            let outcome = try git.attempt(["merge-base", ours, theirs])
            return outcome.status == 0 ? String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .newlines) : nil
        }
        let incoming = try RemoteTree.changedPaths(from: base, to: theirs, git: git)
        let theirFiles = try checked.cards(incoming, at: theirs, git: git)
        let usagePaths = incoming.filter { RepositoryPath.usageDevice($0) != nil }
        for (path, bytes) in try RemoteTree.contents(of: usagePaths, at: theirs, git: git) { _ = try UsageFile.events(bytes, path: path) }
        if ours == nil || base == ours {
            try git.run(["reset", "-q", "--hard", theirs])
            return []
        }
        guard let ours else { return [] }
        let ourPaths = Set(try RemoteTree.changedPaths(from: base, to: ours, git: git))
        let both = incoming.filter { ourPaths.contains($0) && RepositoryPath.cardID($0) != nil }
        let ourFiles = try checked.cards(both, at: ours, git: git)
        let baseFiles = try base.map { try checked.cards(both, at: $0, git: git) } ?? [:]
        var conflicts: [SyncConflict] = []
        var lines: [String] = []
        let raw = try RemoteTree.contents(of: incoming.filter { !ourPaths.contains($0) }, at: theirs, git: git)
        for path in incoming {
            if !ourPaths.contains(path) {
                try WorkingCopy.write(raw[path], path: path, in: git.directory)
            } else if RepositoryPath.cardID(path) != nil {
                let (merged, settled) = CardMerge.merge(base: baseFiles[path], ours: ourFiles[path], theirs: theirFiles[path])
                conflicts += settled
                try WorkingCopy.write(merged.map { Data($0.fileText.utf8) }, path: path, in: git.directory)
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
    func application(from: String?, to: String) throws -> (application: SyncApplication, paths: [String]) {
        let paths = try RemoteTree.changedPaths(from: from, to: to, git: git)
        let cards = try checked.entries(paths, at: to, git: git)
        var change = SyncApplication(commit: to)
        for path in paths {
            guard let id = RepositoryPath.cardID(path) else { continue }
            if let card = cards[path] {
                change.upserts.append(card.card)
            } else {
                change.removals.append(id)
            }
        }
        let usage = try RemoteTree.contents(of: paths.filter { RepositoryPath.usageDevice($0) != nil }, at: to, git: git)
        for (path, bytes) in usage { change.usage += try UsageFile.events(bytes, path: path) }
        return (change, paths)
    }
}

/// The card files read during one sync, by commit and path, each read once as untrusted input.
final class CheckedCards {
    private var read: [String: (synced: SyncedCard, card: Card)] = [:]

    /// The card files among `paths` at `commit` (a path missing there is left out).
    func cards(_ paths: [String], at commit: String, git: GitCommand) throws -> [String: SyncedCard] {
        try entries(paths, at: commit, git: git).mapValues(\.synced)
    }

    func entries(_ paths: [String], at commit: String, git: GitCommand) throws -> [String: (synced: SyncedCard, card: Card)] {
        let cardPaths = paths.filter { RepositoryPath.cardID($0) != nil }
        var result: [String: (synced: SyncedCard, card: Card)] = [:]
        var missing: [String] = []
        for path in cardPaths {
            if let known = read["\(commit):\(path)"] { result[path] = known } else { missing.append(path) }
        }
        for (path, bytes) in try RemoteTree.contents(of: missing, at: commit, git: git) {
            let entry = try SyncedCardFile.read(bytes, path: path)
            read["\(commit):\(path)"] = entry
            result[path] = entry
        }
        return result
    }
}
