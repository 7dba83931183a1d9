import Foundation

extension WalletSync {
    /// Points a local bare remote's HEAD at the wallet's branch after the first push to it.
    ///
    /// `git init --bare` names `master` in HEAD (git's default) while the wallet pushes
    /// ``branch``: a `git clone` of the remote then warns "remote HEAD refers to nonexistent ref"
    /// and checks out nothing. A remote on this machine (a path or `file://` URL) is a bare
    /// repository the wallet may fix: when its HEAD names a branch that does not exist, it is
    /// set to the wallet's. A non-bare repository (someone's checkout) and a remote over the
    /// network (whose host decides its HEAD) are left alone. Best effort: the push already landed.
    func pointRemoteHead(_ git: GitCommand) {
        let url = remote()
        let path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
        guard path.hasPrefix("/") || !path.contains(":") else { return }
        let remoteGit = { (arguments: [String]) -> String? in
            guard let outcome = try? git.attempt(["--git-dir", path] + arguments), outcome.status == 0 else { return nil }
            return String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let wanted = "refs/heads/\(Self.branch)"
        guard remoteGit(["rev-parse", "--is-bare-repository"]) == "true", let named = remoteGit(["symbolic-ref", "-q", "HEAD"]),
            named != wanted, remoteGit(["rev-parse", "-q", "--verify", named]) == nil
        else { return }
        _ = remoteGit(["symbolic-ref", "HEAD", wanted])
    }
}
