import Foundation

/// Runs the `git` command on the sync repository: the user's own git, so their ssh agent,
/// credential helpers and ssh configuration reach the remote, in an environment that never
/// prompts (`GIT_TERMINAL_PROMPT=0`), runs no hooks, signs nothing and is stopped after a time limit.
struct GitCommand {
    /// The repository's working directory.
    let directory: URL
    /// The device name, written as the author and committer of every commit.
    var device: String

    /// Time limits: local commands, and those that talk to the remote.
    static let localSeconds = 120
    static let remoteSeconds = 300

    /// What a finished command left.
    struct Outcome {
        var status: Int32
        var output: Data
        var errorText: String
        /// The last non-empty line of the error output, for a one-line message.
        var lastErrorLine: String {
            errorText.split(whereSeparator: \.isNewline).last.map(String.init) ?? "exit status \(status)"
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
        let process = Process()
        guard let git = Self.executable else { throw .gitMissing }
        process.executableURL = git
        process.arguments = [
            "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false", "-c", "core.autocrlf=false",
            "-c", "core.fsmonitor=false", "-c", "gc.autoDetach=false", "-c", "core.quotePath=false",
        ] + arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do { try process.run() } catch { throw .git(command: arguments.first ?? "", message: "cannot start git: \(error.localizedDescription)") }
        let seconds = remote ? Self.remoteSeconds : Self.localSeconds
        let timer = DispatchSource.makeTimerSource(queue: .global())
        nonisolated(unsafe) var timedOut = false
        timer.schedule(deadline: .now() + .seconds(seconds))
        timer.setEventHandler {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }
        timer.resume()
        let errors = ErrorCollector(stderr.fileHandleForReading)
        if let input {
            DispatchQueue.global().async {
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        let errorText = errors.wait()
        if timedOut { throw .gitTimedOut(command: arguments.first ?? "", seconds: seconds) }
        return Outcome(status: process.terminationStatus, output: output, errorText: errorText)
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
        return environment
    }

    /// `git` on the PATH, or nil.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/git"
            if access(candidate, X_OK) == 0 { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }()
}

/// Reads a pipe to its end on another thread (git's error output, read while its standard
/// output is, so neither pipe fills and blocks it).
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data.prefix(64 * 1024), as: UTF8.self)
    }
}
