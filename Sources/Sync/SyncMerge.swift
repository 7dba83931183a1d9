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
        for (path, bytes) in try RemoteTree.contents(of: usagePaths, at: theirs, git: git) {
            _ = try UsageFile.events(bytes, path: path)
        }
        let artCards = theirFiles.values.filter(\.hasArt).map(\.id) + incoming.compactMap { RepositoryPath.image($0)?.id }
        _ = try checked.images(of: artCards, at: theirs, git: git)
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
                try WorkingCopy.write(raw[path], path: path, git: git)
            } else if RepositoryPath.cardID(path) != nil {
                let (merged, settled) = CardMerge.merge(base: baseFiles[path], ours: ourFiles[path], theirs: theirFiles[path])
                conflicts += settled
                try WorkingCopy.write(merged.map { Data($0.fileText.utf8) }, path: path, git: git)
                try writeImages(of: merged, id: RepositoryPath.cardID(path)!, theirs: theirFiles[path], at: theirs)
                let store = (merged ?? ourFiles[path] ?? theirFiles[path])?.store ?? path
                lines += settled.map {
                    "\(path) \(store): \($0.field) kept \($0.kept ?? "(none)"), set aside \($0.other ?? "(none)")"
                }
            }
        }
        try git.run(["add", "-A", "--", "."])
        let tree = try git.text(["write-tree"])
        let message =
            "\(device): merged \(incoming.count) changed files, \(conflicts.count) conflicts\n\n" + lines.joined(separator: "\n")
        let commit = try git.text(["commit-tree", tree, "-p", ours, "-p", theirs, "-m", git.files.message(message)])
        try git.run(["update-ref", "refs/heads/\(WalletSync.branch)", commit])
        return conflicts
    }

    /// Makes the working copy's image files of a merged card (nil: removed) what its fields name:
    /// an image the merge took from their side is their file, checked before the merge.
    private func writeImages(of merged: SyncedCard?, id: UUID, theirs: SyncedCard?, at commit: String) throws {
        for role in CardImageRole.allCases {
            let path = SyncedArt.path(of: id, role)
            guard let wanted = merged.flatMap({ SyncedArt.digest(of: role, in: $0) }) else {
                try WorkingCopy.write(nil, path: path, git: git)
                continue
            }
            let current = try? WorkingCopy.read(path, git: git)
            guard current.map({ SyncedArt.digest($0) }) != wanted,
                theirs.flatMap({ SyncedArt.digest(of: role, in: $0) }) == wanted
            else { continue }
            try WorkingCopy.write(try RemoteTree.contents(of: [path], at: commit, git: git)[path], path: path, git: git)
        }
    }

    /// What the database must do to go from commit `from` (nil: nothing) to commit `to`.
    func application(from: String?, to: String) throws -> (application: SyncApplication, paths: [String]) {
        let paths = try RemoteTree.changedPaths(from: from, to: to, git: git)
        let cards = try checked.entries(paths, at: to, git: git)
        let images = try checked.images(of: cards.values.filter { $0.synced.hasArt }.map(\.synced.id), at: to, git: git)
        var change = SyncApplication(commit: to)
        for path in paths {
            guard let id = RepositoryPath.cardID(path) else { continue }
            if let card = cards[path] {
                change.upserts.append(card.card)
                change.art[id] = card.synced.art(images: images[id] ?? [:])
            } else {
                change.removals.append(id)
            }
        }
        let usage = try RemoteTree.contents(of: paths.filter { RepositoryPath.usageDevice($0) != nil }, at: to, git: git)
        for (path, bytes) in usage { change.usage += try UsageFile.events(bytes, path: path) }
        return (change, paths)
    }
}

/// The card files read during one sync, by commit and path, each read once as untrusted input,
/// and the images they name, each checked once (by digest).
final class CheckedCards {
    private var read: [String: (synced: SyncedCard, card: Card)] = [:]
    private var checkedImages: [String: CardImage] = [:]

    /// The images at `commit` of the cards `ids`, each checked against its card file there
    /// (``SyncedArt/checkedImage(_:path:role:digest:)``): an image its card file does not name,
    /// or names but the commit lacks, refuses the commit.
    func images(of ids: [UUID], at commit: String, git: GitCommand) throws -> [UUID: [CardImageRole: CardImage]] {
        let unique = Array(Set(ids))
        guard !unique.isEmpty else { return [:] }
        let cards = try self.cards(unique.map(SyncedCard.path(of:)), at: commit, git: git)
        var wanted: [(path: String, id: UUID, role: CardImageRole, digest: String?)] = []
        for id in unique {
            for role in CardImageRole.allCases {
                wanted.append(
                    (
                        SyncedArt.path(of: id, role), id, role,
                        cards[SyncedCard.path(of: id)].flatMap { SyncedArt.digest(of: role, in: $0) }
                    ))
            }
        }
        let files = try RemoteTree.contents(
            of: wanted.filter { $0.digest.map { checkedImages[$0] == nil } ?? true }.map(\.path), at: commit, git: git)
        var result: [UUID: [CardImageRole: CardImage]] = [:]
        for entry in wanted {
            guard let digest = entry.digest else {
                if files[entry.path] != nil {
                    throw SyncError.refusedFile(path: entry.path, reason: "its card file names no \(entry.role.rawValue)")
                }
                continue
            }
            if let known = checkedImages[digest] {
                result[entry.id, default: [:]][entry.role] = known
                continue
            }
            guard let bytes = files[entry.path] else {
                throw SyncError.refusedFile(path: entry.path, reason: "missing: its card file names it")
            }
            let image = try SyncedArt.checkedImage(bytes, path: entry.path, role: entry.role, digest: digest)
            checkedImages[digest] = image
            result[entry.id, default: [:]][entry.role] = image
        }
        return result
    }

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
