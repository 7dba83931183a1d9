import Foundation
import ProcessRunner

/// Runs the `git` command on the sync repository: the user's own git, so their ssh agent,
/// credential helpers and ssh configuration reach the remote, in an environment that never
/// prompts (`GIT_TERMINAL_PROMPT=0`), runs no hooks, signs nothing and is stopped after a time limit.
struct GitCommand {
    /// The repository's working directory.
    let directory: URL
    /// The device name, written as the author and committer of every commit.
    var device: String
    /// The wallet clock's now, the date of every commit (so `WALLET_NOW` holds for the history too).
    var now: Date
    /// How the repository's files are named and sealed (plain, or under the wallet key).
    var files: RepositoryFiles = .plain
    /// `directory`'s path, joined to file names without URL's parsing (10,000 files a sync).
    let root: String

    init(directory: URL, device: String, now: Date) {
        (self.directory, self.device, self.now) = (directory, device, now)
        root = directory.path
    }

    /// Time limits: local commands, and those that talk to the remote.
    static let localSeconds = 120
    static let remoteSeconds = 300
    /// The most a command may write to its standard output: `cat-file --batch` of a whole
    /// repository at its first sync, each file already within its size limit (``RemoteTree``).
    static let maximumOutputBytes = 1 << 30

    /// What a finished command left.
    struct Outcome {
        var status: Int32
        var output: Data
        var errorText: String
        /// git's own reason for a one-line message: its first `fatal:` or `error:` line without
        /// the prefix ("'/x.git' does not appear to be a git repository"), else the last
        /// non-empty line (never a fragment of the advice git adds after the reason).
        var lastErrorLine: String {
            let lines = errorText.split(whereSeparator: \.isNewline).map(String.init)
            for prefix in ["fatal: ", "error: "] {
                if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return String(line.dropFirst(prefix.count)) }
            }
            return lines.last ?? "exit status \(status)"
        }
    }

    /// Runs `git ARGS`, failing unless it exits 0; returns its standard output.
    @discardableResult
    func run(_ arguments: [String], input: Data? = nil, remote: Bool = false) throws(SyncError) -> Data {
        let outcome = try attempt(arguments, input: input, remote: remote)
        guard outcome.status == 0 else { throw .git(command: arguments.first ?? "", message: outcome.lastErrorLine) }
        return outcome.output
    }

    /// `run` with the output as text, without its trailing newline.
    func text(_ arguments: [String]) throws(SyncError) -> String {
        String(decoding: try run(arguments), as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// Runs `git ARGS` and reports how it ended, whatever the exit status.
    func attempt(_ arguments: [String], input: Data? = nil, remote: Bool = false) throws(SyncError) -> Outcome {
        guard let git = Self.executable else { throw .gitMissing }
        let options = [
            "-C", directory.path, "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false", "-c", "core.autocrlf=false",
            "-c", "core.fsmonitor=false", "-c", "gc.autoDetach=false", "-c", "core.quotePath=false",
        ]
        let seconds = remote ? Self.remoteSeconds : Self.localSeconds
        let command = arguments.first ?? ""
        let result: ChildResult
        do {
            result = try ChildProcess.run(
                ChildCommand(executable: git, arguments: options + arguments, environment: environment, input: input),
                limits: ChildLimits(deadline: .seconds(seconds), outputBytes: Self.maximumOutputBytes))
        } catch {
            throw .git(command: command, message: "\(error)")
        }
        switch result.ending {
        case .timedOut: throw .gitTimedOut(command: command, seconds: seconds)
        case .outputTooLarge:
            throw .git(command: command, message: "its output went over \(Self.maximumOutputBytes >> 20) MiB")
        case .exited, .signaled:
            return Outcome(
                status: result.status, output: result.output, errorText: String(decoding: result.errors, as: UTF8.self))
        }
    }

    /// What git needs of the user's environment to find their configuration, ssh agent,
    /// credential helpers (some ask a keyring over the session bus) and proxies; none of `GIT_*`
    /// (another repository, a pager, a prompt) nor anything else. Then what keeps it from
    /// prompting or translating, and the device as author and committer.
    static let inheritedVariables =
        [
            "PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "XDG_CONFIG_HOME", "SSH_AUTH_SOCK", "DBUS_SESSION_BUS_ADDRESS",
            "XDG_RUNTIME_DIR",
        ]
        + ChildEnvironment.network

    private var environment: [String: String] {
        var environment = ChildEnvironment.inherited(Self.inheritedVariables)
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "true"
        environment["GCM_INTERACTIVE"] = "never"
        environment["LC_ALL"] = "C"
        environment["GIT_AUTHOR_NAME"] = device
        environment["GIT_COMMITTER_NAME"] = device
        environment["GIT_AUTHOR_EMAIL"] = "wallet@\(device)"
        environment["GIT_COMMITTER_EMAIL"] = "wallet@\(device)"
        environment["GIT_AUTHOR_DATE"] = "@\(Int(now.timeIntervalSince1970)) +0000"
        environment["GIT_COMMITTER_DATE"] = "@\(Int(now.timeIntervalSince1970)) +0000"
        return environment
    }

    /// `git` on the PATH, or nil.
    static let executable = ChildEnvironment.executable(named: "git")
}
