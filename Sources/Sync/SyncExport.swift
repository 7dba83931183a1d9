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
        for (path, bytes) in changes.writes { try WorkingCopy.write(bytes, path: path, git: git) }
        for path in changes.removals { try WorkingCopy.write(nil, path: path, git: git) }
        if !changes.usage.isEmpty {
            let path = Self.usagePath(device)
            var log = (try? WorkingCopy.read(path, git: git)) ?? Data()
            log.append(Data(changes.usage.map(UsageFile.line).joined().utf8))
            try WorkingCopy.write(log, path: path, git: git)
        }
        let marker = try markNewKey()
        guard !changes.writes.isEmpty || !changes.removals.isEmpty || !changes.usage.isEmpty || marker else { return 0 }
        try git.run(["add", "-A", "--", "."])
        let count = changes.cardCount
        let message =
            "\(device): \(count) \(count == 1 ? "card" : "cards") changed, \(changes.usage.count) "
            + "\(changes.usage.count == 1 ? "open" : "opens")\n\n" + changes.lines.joined(separator: "\n")
        try git.run(["commit", "-q", "--no-verify", "-F", "-"], input: Data(git.files.message(message).utf8))
        return count
    }

    /// Writes `sealed/wallet.json` when the repository is sealed and the working copy's names
    /// another key or none; whether it did.
    private func markNewKey() throws -> Bool {
        guard let files = git.files.sealedFiles else { return false }
        let file = git.directory.appendingPathComponent(SealedFiles.markerPath)
        guard (try? Data(contentsOf: file)) != files.marker else { return false }
        try WorkingCopy.write(files.marker, stored: SealedFiles.markerPath, in: git.directory)
        return true
    }

    /// What the database holds that the repository's working copy does not.
    func pendingChanges() throws -> Pending {
        var pending = Pending()
        var known = Set(WorkingCopy.files(in: git.files.cardFolder, git: git))
        let cards = try repository.cards(includeArchived: true)
        let arts = try repository.art(of: cards)
        for card in cards {
            let art = arts[card.id] ?? .none
            let path = SyncedCard.path(of: card.id)
            let stored = git.files.storedPath(path)
            var previous =
                known.remove(stored) == nil ? nil : try OwnCardFile.read(path, stored: stored, git: git, fast: true)
            guard SyncedCard(card, art: art, keeping: previous, editTimes: [:], otherwise: now) != previous else { continue }
            if previous != nil {
                // A difference seen by the fast path may be a value spelled otherwise: read it properly.
                previous = try OwnCardFile.read(path, stored: stored, git: git, fast: false)
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
        for stored in known.sorted() {
            let path = try WorkingCopy.plainPath(of: stored, git: git)
            guard let id = RepositoryPath.cardID(path) else { continue }
            pending.removals.append(path)
            pending.removals += CardImageRole.allCases.map { SyncedArt.path(of: id, $0) }
            // Named as it was, so `sync log` and `sync restore` can name a removed card.
            let store = try? OwnCardFile.read(path, stored: stored, git: git, fast: true).store
            pending.lines.append("\(path)\(store.map { " " + $0 } ?? ""): removed")
        }
        pending.usage = try newUsage()
        return pending
    }

    /// This device's opens that no usage file of the repository holds yet.
    private func newUsage() throws -> [UsageEvent] {
        var logged = Set<UsageFile.Key>()
        for stored in WorkingCopy.files(in: git.files.usageFolder, git: git) {
            let path = try WorkingCopy.plainPath(of: stored, git: git)
            guard RepositoryPath.usageDevice(path) != nil else { continue }
            logged.formUnion(try UsageFile.events(try WorkingCopy.read(path, git: git), path: path).map(UsageFile.Key.init))
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
