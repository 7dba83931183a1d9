import FileOutput
import Foundation
import WalletCore

/// A wallet's sync through git: the repository working copy lives in the wallet's container
/// (`HOME/sync`), never in the user's directory; its remote is any git URL or path.
///
/// A sync commits the local changes, fetches, merges card by card and field by field
/// (``CardMerge``, never git's text merge), applies the merged commit to the database in one
/// transaction that also records the commit (`CardRepository.applySync(_:)`), then pushes.
/// The database's recorded commit is the truth after a crash: whatever the repository holds
/// beyond it is thrown away and redone, so a SIGKILL at any point leaves both consistent.
public final class WalletSync {
    let repository: CardRepository
    let clock: WalletClock
    /// The repository's working directory.
    public let directory: URL
    /// git on the repository, its files plain or sealed under the key in ``keyFile``.
    var git: GitCommand
    /// Why the key file could not be read, when it is there but damaged.
    let keyProblem: SyncError?

    /// The branch every device shares.
    static let branch = "main"
    static let remoteBranch = "refs/remotes/origin/main"

    public init(repository: CardRepository, clock: WalletClock) {
        self.repository = repository
        self.clock = clock
        directory = repository.container.file("sync")
        var git = GitCommand(directory: directory, device: "wallet", now: clock.now())
        var problem: SyncError?
        do {
            if let key = try KeyFile.load(repository.container.file(KeyFile.name).path) {
                git.files = .sealed(SealedFiles(key: key))
            }
        } catch {
            problem = error
        }
        self.git = git
        keyProblem = problem
    }

    /// Whether `wallet sync init` was run.
    public var isSetUp: Bool { FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) }

    /// `wallet sync init REMOTE [--device NAME] [--plain | --key WORDS]`: creates the repository,
    /// then syncs: an empty remote gets this wallet's cards (sealed under a new random key unless
    /// `plain`), one that holds a wallet is merged with it (a sealed one needs its key's words).
    /// When that first sync fails, the set-up is undone. With words, a wallet that already syncs
    /// starts its repository over under that key (after a rekey on another device).
    public func setUp(remote: String, device: String, sealing: SyncSealing = .newKey) throws -> SyncReport {
        let key: WalletKey? =
            switch sealing {
            case .plain: nil
            case .newKey: WalletKey.random()
            case .join(let words): try PairingWords.key(from: words)
            }
        return try withLock {
            if isSetUp {
                guard case .join = sealing else {
                    throw SyncError.alreadySetUp(remote: (try? git.text(["config", "remote.origin.url"])) ?? "?")
                }
                try FileManager.default.removeItem(at: directory)
            }
            try PrivatePaths.createDirectory(directory.path)
            let keyFile = repository.container.file(KeyFile.name).path
            let previousKey = try? Data(contentsOf: URL(fileURLWithPath: keyFile))
            let previousFiles = git.files
            /// Undoes the set-up: no repository, the key file as it was.
            func undo() {
                try? FileManager.default.removeItem(at: directory)
                if let previousKey {
                    try? AtomicFile.write([UInt8](previousKey), to: keyFile, permissions: 0o600, owned: true)
                } else {
                    unlink(keyFile)
                }
                git.files = previousFiles
            }
            do {
                try git.run(["init", "-q", "-b", Self.branch])
                try git.run(["config", "remote.origin.url", remote])
                try git.run(["config", "remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*"])
                try git.run(["config", "wallet.device", device])
                try KeyFile.save(key, to: keyFile)
                git.files = key.map { .sealed(SealedFiles(key: $0)) } ?? .plain
                try repository.forgetSyncedCommit()
                return try run(device: device)
            } catch SyncError.unreachable(let remote, let message) {
                undo()
                throw SyncError.setUpUnreachable(remote: remote, message: message)
            } catch {
                undo()
                throw error
            }
        }
    }

    /// `wallet sync`: see the type's description.
    public func sync() throws -> SyncReport {
        try withLock {
            try requireSetUp()
            return try run(device: device())
        }
    }

    /// Throws unless `wallet sync init` was run and the key file (if any) reads.
    func requireSetUp() throws(SyncError) {
        guard isSetUp else { throw .notSetUp }
        if let keyProblem { throw keyProblem }
    }

    /// The device name set at `sync init`.
    func device() throws(SyncError) -> String {
        let name = (try? git.text(["config", "wallet.device"])) ?? ""
        return DeviceName.isValid(name) ? name : DeviceName.fromHost()
    }

    /// The remote's URL or path.
    func remote() -> String { (try? git.text(["config", "remote.origin.url"])) ?? "the remote" }

    /// Runs `body` holding the wallet's sync lock (one sync at a time per wallet).
    func withLock<T>(_ body: () throws -> T) throws -> T {
        try repository.container.prepare()
        let descriptor = open(repository.container.file("sync.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileError(operation: "open", path: repository.container.file("sync.lock").path, errno: .current)
        }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw SyncError.busy }
        return try body()
    }

    /// Brings the repository back to the commit the database says it equals: a sync killed
    /// between its commit and its database transaction left commits the database never saw,
    /// and git killed mid-command leaves its index lock.
    func recover() throws {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(".git/index.lock"))
        let applied = try repository.syncedCommit().flatMap { commit in
            (try? git.attempt(["cat-file", "-e", "\(commit)^{commit}"]).status == 0) == true ? commit : nil
        }
        let head = try? git.text(["rev-parse", "-q", "--verify", "HEAD^{commit}"])
        if let applied {
            // Also when HEAD is the applied commit: a merge killed before its commit leaves its files staged.
            try git.run(["reset", "-q", "--hard", applied])
        } else if head != nil {
            try git.run(["update-ref", "-d", "refs/heads/\(Self.branch)"])
            try git.run(["read-tree", "--empty"])
        }
        try git.run(["clean", "-q", "-f", "-d", "-x"])
        if applied == nil {
            for folder in ["cards", "usage", SealedFiles.folder] {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(folder))
            }
        }
    }
}
