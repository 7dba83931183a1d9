import Foundation
import WalletCore

extension WalletSync {
    /// Whether the remote's files are sealed under the wallet key (false: plain text).
    public var isSealed: Bool { git.files.sealedFiles != nil }

    /// `wallet sync key`: the pairing words of the wallet key.
    public func pairingWords() throws -> String {
        try requireSetUp()
        guard let files = git.files.sealedFiles else { throw SyncError.plainHasNoKey }
        return PairingWords.words(for: files.key)
    }

    /// `wallet sync rekey`: syncs, then seals the current cards, images and usage under a new random
    /// key as a new history of one commit and pushes it in place of the remote's (only if the remote
    /// is still what the sync left: else nothing changes). A plain remote is sealed this way; its
    /// plain history leaves the remote's branch. Every other device joins again with the new words.
    public func rekey() throws -> SyncReport {
        try withLock {
            try requireSetUp()
            let device = try device()
            let report = try run(device: device)
            var git = self.git
            git.device = device
            let head = try head(git)
            let contents = try head.map { head in
                try RemoteTree.contents(of: try RemoteTree.changedPaths(from: nil, to: head, git: git), at: head, git: git)
            }
            let key = WalletKey.random()
            var sealed = git
            sealed.files = .sealed(SealedFiles(key: key))
            for folder in ["cards", "usage", SealedFiles.folder] {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(folder))
            }
            for (path, bytes) in contents ?? [:] { try WorkingCopy.write(bytes, path: path, git: sealed) }
            try WorkingCopy.write(SealedFiles(key: key).marker, stored: SealedFiles.markerPath, in: directory)
            try git.run(["add", "-A", "--", "."])
            let tree = try git.text(["write-tree"])
            let message = sealed.files.message("\(device): sealed under a new key, \(contents?.count ?? 0) files")
            let commit = try git.text(["commit-tree", tree, "-m", message])
            let pendingFile = repository.container.file(KeyFile.pendingName).path
            // Kept before the push: a wallet stopped after the push lands must still find the key.
            try KeyFile.save(key, to: pendingFile, commit: commit)
            let lease = (try? git.text(["rev-parse", "-q", "--verify", Self.remoteBranch])) ?? ""
            let push = try git.attempt(
                [
                    "push", "-q", "--force-with-lease=refs/heads/\(Self.branch):\(lease)", "origin",
                    "\(commit):refs/heads/\(Self.branch)",
                ],
                remote: true)
            guard push.status == 0 else {
                unlink(pendingFile)
                try recover()
                throw Self.isRejection(push.errorText) || push.errorText.contains("stale info")
                    ? SyncError.rekeyRaced : SyncError.unreachable(remote: remote(), message: push.lastErrorLine)
            }
            try adopt(key, commit: commit)
            return report
        }
    }

    /// Makes `key` the wallet key and `commit` (sealed under it, on the remote) the branch.
    private func adopt(_ key: WalletKey, commit: String) throws {
        try KeyFile.save(key, to: repository.container.file(KeyFile.name).path)
        unlink(repository.container.file(KeyFile.pendingName).path)
        git.files = .sealed(SealedFiles(key: key))
        try git.run(["update-ref", "refs/heads/\(Self.branch)", commit])
        try git.run(["update-ref", Self.remoteBranch, commit])
        try git.run(["reset", "-q", "--hard", commit])
        try git.run(["clean", "-q", "-f", "-d", "-x"])
        try repository.applySync(SyncApplication(commit: commit))
    }

    /// Finishes a rekey stopped between its push and its adoption: when the remote's branch is the
    /// rekey's commit, its key is adopted; else the pending key is dropped.
    func finishInterruptedRekey() throws {
        let pendingFile = repository.container.file(KeyFile.pendingName).path
        guard access(pendingFile, F_OK) == 0 else { return }
        guard let pending = KeyFile.pending(pendingFile) else {
            unlink(pendingFile)
            return
        }
        let remote = try git.attempt(["ls-remote", "origin", "refs/heads/\(Self.branch)"], remote: true)
        guard remote.status == 0 else { return }
        if String(decoding: remote.output, as: UTF8.self).hasPrefix(pending.commit),
            try git.attempt(["cat-file", "-e", "\(pending.commit)^{commit}"]).status == 0
        {
            try adopt(pending.key, commit: pending.commit)
        } else {
            unlink(pendingFile)
        }
    }
}
