import Foundation
import WalletCore

extension WalletSync {
    /// How many times a push someone else beat is merged again.
    static let pushAttempts = 5

    /// One sync, holding the lock: recover, commit local changes, then fetch, merge, apply and
    /// push until the push lands (or the attempts run out).
    func run(device: String) throws -> SyncReport {
        try finishInterruptedRekey()
        var git = self.git
        git.device = device
        try recover()
        var report = SyncReport()
        let start = try head(git)
        try SyncExport(git: git, repository: repository, now: clock.now(), device: device).commit()
        // The database equals the local commit: recorded, a failed fetch keeps it (and the
        // edit times it gave) instead of having the next sync redo it.
        if let head = try head(git), head != start { try repository.applySync(SyncApplication(commit: head)) }
        let merge = SyncMerge(git: git, device: device, checked: CheckedCards())
        for _ in 1...Self.pushAttempts {
            let before = try head(git)
            let remoteHead = try fetch(git)
            if let remoteHead, try !isAncestor(remoteHead, of: before, git) {
                report.conflicts += try merge.merge(ours: before, theirs: remoteHead)
            }
            let after = try head(git)
            let applied = try repository.syncedCommit()
            if let after, after != before || applied != after {
                let change = try merge.application(from: before, to: after)
                report.pulled += try repository.applySync(change.application)
            }
            guard let after, after != remoteHead else { return report }
            let push = try git.attempt(["push", "-q", "origin", "\(after):refs/heads/\(Self.branch)"], remote: true)
            if push.status == 0 {
                if remoteHead == nil { pointRemoteHead(git) }
                report.pushed = try RemoteTree.changedPaths(from: remoteHead, to: after, git: git).filter {
                    RepositoryPath.cardID($0) != nil
                }.count
                return report
            }
            guard Self.isRejection(push.errorText) else {
                throw SyncError.unreachable(remote: remote(), message: push.lastErrorLine)
            }
        }
        throw SyncError.pushKeptRejected(attempts: Self.pushAttempts)
    }

    /// The local branch's commit, or nil before the first.
    func head(_ git: GitCommand) throws -> String? {
        let outcome = try git.attempt(["rev-parse", "-q", "--verify", "HEAD^{commit}"])
        return outcome.status == 0 ? String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .newlines) : nil
    }

    /// Fetches the remote's branch; its commit, or nil when the remote has none yet.
    func fetch(_ git: GitCommand) throws -> String? {
        let outcome = try git.attempt(["fetch", "-q", "--no-tags", "--prune", "origin"], remote: true)
        guard outcome.status == 0 else { throw SyncError.unreachable(remote: remote(), message: outcome.lastErrorLine) }
        let ref = try git.attempt(["rev-parse", "-q", "--verify", "\(Self.remoteBranch)^{commit}"])
        return ref.status == 0 ? String(decoding: ref.output, as: UTF8.self).trimmingCharacters(in: .newlines) : nil
    }

    func isAncestor(_ commit: String, of other: String?, _ git: GitCommand) throws -> Bool {
        guard let other else { return false }
        return try git.attempt(["merge-base", "--is-ancestor", commit, other]).status == 0
    }

    /// git's words for a push refused because the remote moved on.
    static func isRejection(_ text: String) -> Bool {
        ["[rejected]", "non-fast-forward", "fetch first", "cannot lock ref", "failed to update ref"].contains {
            text.contains($0)
        }
    }
}
