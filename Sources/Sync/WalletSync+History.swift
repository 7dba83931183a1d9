import Foundation
import WalletCore

/// One commit of the sync history as `wallet sync log` shows it.
public struct SyncLogEntry: Equatable, Sendable {
    public var commit: String
    public var time: Date
    public var device: String
    /// The commit's summary line, or for `sync log CARD` what the commit did to that card.
    public var summary: String
    /// The cards the commit changed, one line each: "Tesco (0a1b2c3d): note, balance",
    /// "Lidl (5e6f7a8b): removed" (empty for `sync log CARD`, whose summary is that card's line).
    public var cards: [String] = []
}

/// What `wallet sync status` reports.
public struct SyncStatus: Equatable, Sendable {
    public var remote: String
    public var device: String
    /// The commit the wallet last synced to and when it was made, or nil before the first sync.
    public var lastSync: (commit: String, time: Date)?
    /// Cards changed here since the last sync, and commits not pushed yet.
    public var pendingCards: Int
    public var unpushedCommits: Int

    public static func == (one: SyncStatus, two: SyncStatus) -> Bool {
        one.remote == two.remote && one.device == two.device && one.lastSync?.commit == two.lastSync?.commit
            && one.pendingCards == two.pendingCards && one.unpushedCommits == two.unpushedCommits
    }
}

extension WalletSync {
    /// `wallet sync status`: what the next sync would send (nothing is fetched).
    public func status() throws -> SyncStatus {
        try withLock {
            try requireSetUp()
            try recover()
            let device = try device()
            let pending = try SyncExport(git: git, repository: repository, now: clock.now(), device: device).pendingChanges()
            let head = try head(git)
            var last: (String, Date)?
            if let head, let time = ISO8601.parse(try git.text(["show", "-s", "--format=%cI", head])) { last = (head, time) }
            let range =
                (try? git.text(["rev-parse", "-q", "--verify", Self.remoteBranch])) != nil ? "\(Self.remoteBranch)..HEAD" : "HEAD"
            let unpushed = head == nil ? 0 : Int(try git.text(["rev-list", "--count", range])) ?? 0
            return SyncStatus(
                remote: remote(), device: device, lastSync: last, pendingCards: pending.cardCount, unpushedCommits: unpushed)
        }
    }

    /// `wallet sync log [CARD]`: the history, newest first; with `card` (id, id prefix or
    /// store name, a removed card by id or prefix), only the commits that changed its file; with
    /// `limit`, only that many of the newest (the app's last change: git reads and, on a sealed
    /// remote, opens no other message).
    public func log(card: String?, limit: Int? = nil) throws -> [SyncLogEntry] {
        try requireSetUp()
        guard try head(git) != nil else { return [] }
        var arguments = ["log", "-z", "--format=%H%x1f%cI%x1f%an%x1f%B"]
        if let limit { arguments.append("--max-count=\(max(limit, 0))") }
        let path = try card.map { SyncedCard.path(of: try historyID($0)) }
        if let path { arguments += ["--", git.files.storedPath(path)] }
        let output = try git.run(arguments)
        return output.split(separator: 0).compactMap { record in
            let parts = String(decoding: record, as: UTF8.self).split(
                separator: "\u{1f}", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let time = ISO8601.parse(String(parts[1])) else { return nil }
            let lines = git.files.readMessage(String(parts[3])).split(separator: "\n").map(String.init)
            var summary = lines.first ?? ""
            if let path, let line = lines.first(where: { $0.hasPrefix(path) }) {
                summary = line.dropFirst(path.count).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            }
            let cards = path != nil ? [] : lines.dropFirst().compactMap(Self.cardLine)
            return SyncLogEntry(
                commit: String(parts[0]), time: time, device: String(parts[2]), summary: summary, cards: cards)
        }
    }

    /// `wallet sync restore CARD [--at DATE]`: the card as it stood at `date` (default: its
    /// latest version in the history, which for a removed card is the one before the removal)
    /// written back to the wallet; the next sync sends it out as an edit made now.
    public func restore(card reference: String, at date: Date?) throws -> Card {
        try withLock {
            try requireSetUp()
            try recover()
            let id = try historyID(reference)
            let path = SyncedCard.path(of: id)
            var arguments = ["rev-list", "-1"]
            if let date { arguments.append("--before=\(ISO8601.format(date))") }
            let commit = try git.text(arguments + ["HEAD", "--", git.files.storedPath(path)])
            guard !commit.isEmpty else { throw SyncError.notInHistory(reference) }
            // The commit that removed the card holds no file: the version before it does.
            var source = commit
            var bytes = try RemoteTree.contents(of: [path], at: source, git: git)[path]
            if bytes == nil {
                source = "\(commit)^"
                bytes = try RemoteTree.contents(of: [path], at: source, git: git)[path]
            }
            guard let bytes else { throw SyncError.notInHistory(reference) }
            let (synced, card) = try SyncedCardFile.read(bytes, path: path)
            var application = SyncApplication(upserts: [card], commit: nil, source: .edit)
            // Its art as it was then, each image checked like one coming from a remote.
            let images = try CheckedCards().images(of: [id], at: source, git: git)[id] ?? [:]
            application.art[id] = synced.art(images: images)
            try repository.applySync(application)
            return card
        }
    }

    /// A commit message's card line ("cards/ID.json Store: what") as `sync log` shows it,
    /// "Store (0a1b2c3d): what"; nil for another line.
    static func cardLine(_ line: String) -> String? {
        guard let (id, store, what) = parsedCardLine(line) else { return nil }
        let name = store.map { "\($0) (\(id.lowercasedText.prefix(8)))" } ?? String(id.lowercasedText.prefix(8))
        return "\(name): \(what)"
    }

    /// The id, store name (when the line has one) and change of a commit message's card line.
    static func parsedCardLine(_ line: String) -> (UUID, String?, String)? {
        guard let colon = line.range(of: ": ", options: .backwards) else { return nil }
        let head = line[..<colon.lowerBound]
        let path = head.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        guard let id = RepositoryPath.cardID(path) else { return nil }
        let store = head.dropFirst(path.count).trimmingCharacters(in: .whitespaces)
        return (id, store.isEmpty ? nil : store, String(line[colon.upperBound...]))
    }

    /// The id of a card named by id, id prefix or store name: in the wallet, else among the card
    /// files the history ever held, by id prefix or by a name it had (case and accents ignored).
    private func historyID(_ reference: String) throws -> UUID {
        if let card = try? repository.resolve(reference) { return card.id }
        // Every commit message, opened (sealed file names tell nothing; the messages name each card).
        let lines = try git.run(["log", "--all", "-z", "--format=%B"]).split(separator: 0).flatMap {
            git.files.readMessage(String(decoding: $0, as: UTF8.self)).split(separator: "\n").map(String.init)
        }
        let ids: Set<UUID>
        if git.files.sealedFiles == nil {
            let output = try git.run(["log", "--all", "-z", "--format=", "--name-only", "--", "cards/"])
            ids = Set(output.split(separator: 0).compactMap { RepositoryPath.cardID(String(decoding: $0, as: UTF8.self)) })
        } else {
            ids = Set(lines.compactMap { Self.parsedCardLine($0)?.0 })
        }
        var matches = ids.filter { $0.uuidString.lowercased().hasPrefix(reference.lowercased()) }
        if matches.isEmpty {
            let folded = TextFolding.fold(reference.trimmingCharacters(in: .whitespaces))
            matches = Set(
                lines.compactMap { line -> UUID? in
                    guard let (id, store, _) = Self.parsedCardLine(line), let store, TextFolding.fold(store) == folded
                    else { return nil }
                    return id
                })
        }
        guard matches.count == 1, let id = matches.first, !reference.isEmpty else { throw SyncError.notInHistory(reference) }
        return id
    }
}
