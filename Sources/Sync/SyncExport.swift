import Foundation
import WalletCore

/// Commits what changed in the database since the last sync: each card's file rewritten from
/// the database (a field whose value changed is dated by when the wallet recorded its edit, or
/// now for an edit made before the wallet recorded edit times; the others keep their edit time),
/// files of removed cards deleted, this device's new opens appended to its usage file.
struct SyncExport {
    let git: GitCommand
    let repository: CardRepository
    let now: Date
    let device: String

    /// Commits the local changes; how many cards changed (0: nothing to commit).
    @discardableResult
    func commit() throws -> Int {
        let changes = try pendingChanges()
        try FileManager.default.createDirectory(
            at: git.directory.appendingPathComponent("cards"), withIntermediateDirectories: true)
        for (path, bytes) in changes.writes { try WorkingCopy.write(bytes, path: path, in: git.directory) }
        for path in changes.removals { try WorkingCopy.write(nil, path: path, in: git.directory) }
        if !changes.usage.isEmpty {
            let file = git.directory.appendingPathComponent(Self.usagePath(device))
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: file.path) {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(changes.usage.map(UsageFile.line).joined().utf8))
        }
        guard !changes.writes.isEmpty || !changes.removals.isEmpty || !changes.usage.isEmpty else { return 0 }
        try git.run(["add", "-A", "--", "."])
        let count = changes.cardCount
        let message =
            "\(device): \(count) \(count == 1 ? "card" : "cards") changed, \(changes.usage.count) "
            + "\(changes.usage.count == 1 ? "open" : "opens")\n\n" + changes.lines.joined(separator: "\n")
        try git.run(["commit", "-q", "--no-verify", "-F", "-"], input: Data(message.utf8))
        return count
    }

    /// What the database holds that the repository's working copy does not.
    func pendingChanges() throws -> Pending {
        var pending = Pending()
        let root = git.directory.path
        var known = Set((try? FileManager.default.contentsOfDirectory(atPath: root + "/cards")) ?? [])
        let cards = try repository.cards(includeArchived: true)
        let arts = try repository.art(of: cards)
        for card in cards {
            let art = arts[card.id] ?? .none
            let path = SyncedCard.path(of: card.id)
            let name = String(path.dropFirst("cards/".count))
            let file = root + "/" + path
            var previous = known.remove(name) == nil ? nil : try OwnCardFile.read(file, path: path, fast: true)
            guard SyncedCard(card, art: art, keeping: previous, editTimes: [:], otherwise: now) != previous else { continue }
            if previous != nil {
                // A difference seen by the fast path may be a value spelled otherwise: read it properly.
                previous = try OwnCardFile.read(file, path: path, fast: false)
            }
            let synced = SyncedCard(
                card, art: art, keeping: previous, editTimes: try repository.fieldEditTimes(of: card.id), otherwise: now)
            guard synced != previous else { continue }
            pending.writes.append((path, Data(synced.fileText.utf8)))
            for role in CardImageRole.allCases
            where SyncedArt.digest(of: role, in: synced) != previous.flatMap({ SyncedArt.digest(of: role, in: $0) }) {
                pending.writes.append((SyncedArt.path(of: card.id, role), art.images[role]?.png))
            }
            let what =
                previous.map { old in
                    synced.fields.keys.filter { synced.fields[$0]?.json != old.fields[$0]?.json }.sorted().joined(separator: ", ")
                } ?? "added"
            pending.lines.append("\(path) \(synced.store): \(what)")
        }
        for name in known.sorted() {
            guard let id = RepositoryPath.cardID("cards/\(name)") else { continue }
            pending.removals.append("cards/\(name)")
            pending.removals += CardImageRole.allCases.map { SyncedArt.path(of: id, $0) }
            // Named as it was, so `sync log` and `sync restore` can name a removed card.
            let store = try? OwnCardFile.read(root + "/cards/" + name, path: "cards/\(name)", fast: true).store
            pending.lines.append("cards/\(name)\(store.map { " " + $0 } ?? ""): removed")
        }
        pending.usage = try newUsage()
        return pending
    }

    /// This device's opens that no usage file of the repository holds yet.
    private func newUsage() throws -> [UsageEvent] {
        let folder = git.directory.appendingPathComponent("usage")
        var logged = Set<UsageFile.Key>()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let path = "usage/\(name)"
            guard RepositoryPath.usageDevice(path) != nil else { continue }
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            logged.formUnion(try UsageFile.events(bytes, path: path).map(UsageFile.Key.init))
        }
        return try repository.usageEvents().filter { !logged.contains(UsageFile.Key($0)) }
    }

    static func usagePath(_ device: String) -> String { "usage/\(device).jsonl" }

    /// The changes found.
    struct Pending {
        /// Card files and image files (nil: the image is removed).
        var writes: [(path: String, bytes: Data?)] = []
        var removals: [String] = []
        var usage: [UsageEvent] = []
        /// One line per card for the commit message (`cards/ID.json Store: note, balance`).
        var lines: [String] = []

        /// How many cards differ.
        var cardCount: Int {
            writes.filter { RepositoryPath.cardID($0.path) != nil }.count
                + removals.filter { RepositoryPath.cardID($0) != nil }.count
        }
    }
}
