import Foundation

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
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(git, options + arguments, environment: environment, input: input, seconds: seconds)
        } catch {
            throw .git(command: command, message: "cannot start git: \(error)")
        }
        if result.timedOut { throw .gitTimedOut(command: command, seconds: seconds) }
        return Outcome(
            status: result.status, output: result.output,
            errorText: String(decoding: result.errors.prefix(64 * 1024), as: UTF8.self))
    }

    /// The user's environment minus what would make git prompt, page, translate or read
    /// another repository, plus the device as author and committer.
    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
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
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/git"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }()
}
