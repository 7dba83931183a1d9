import Foundation
import ProcessRunner

/// A pull run in a child `wallet card update … --json --no-notify` (the host's scheduled pulls and
/// the app's "Update now"): libcurl, its TLS stack and the issuer's untrusted answers stay in that
/// child, which is killed at a deadline, so a long-running parent's memory stays as it was.
public struct PullChild: Sendable {
    /// The `wallet` executable (``wallet(besides:)``).
    public var executable: String
    /// The wallet's data directory, passed as `--home`.
    public var home: String
    /// Seconds each request may take (`--timeout`).
    public var timeout: Double
    /// The child's whole environment (``inheritedVariables`` of the parent's, and `WALLET_NOW`).
    public var environment: [String: String]

    public init(executable: String, home: String, timeout: Double, environment: [String: String]) {
        (self.executable, self.home, self.timeout, self.environment) = (executable, home, timeout, environment)
    }

    /// What the child needs of its parent's environment: the language and time zone its messages
    /// and dates are written in, where its translations are, and the network's proxies and
    /// certificate stores.
    public static let inheritedVariables =
        ["PATH", "HOME", "TMPDIR", "TZ", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "WALLET_LOCALE_DIR"]
        + ChildEnvironment.network

    /// The `wallet` program: this process when it is `wallet`, else the one beside it (the app
    /// is installed beside it), else the first on PATH; nil when there is none.
    public static func wallet(besides program: String = "/proc/self/exe") -> String? {
        let own = URL(fileURLWithPath: program).resolvingSymlinksInPath()
        if own.lastPathComponent == "wallet" { return own.path }
        let sibling = own.deletingLastPathComponent().appendingPathComponent("wallet").path
        if access(sibling, X_OK) == 0 { return sibling }
        return ChildEnvironment.executable(named: "wallet")
    }

    /// The most a pull may take: each request is bounded by `timeout`, and one pull makes a few
    /// (register, the changed serials, each changed pass, their redirects).
    var deadline: Duration { .milliseconds(Int(timeout * 1000) * 10) }

    /// Pulls the cards `selection` names (`card update`'s own arguments: `--pass-type T`,
    /// `--id ID`); the records the child wrote, or why it wrote none.
    public func run(_ selection: [String]) -> Result<[PullRecord], PullChildError> {
        let command = ChildCommand(
            executable: executable,
            arguments: ["card", "update"] + selection + ["--json", "--no-notify", "--timeout", String(timeout), "--home", home],
            environment: environment)
        let result: ChildResult
        do {
            result = try ChildProcess.run(command, limits: ChildLimits(deadline: deadline, outputBytes: 4 << 20))
        } catch {
            return .failure(.notStarted("\(error)"))
        }
        switch result.ending {
        case .timedOut: return .failure(.timedOut(seconds: Int(timeout * 10)))
        case .outputTooLarge: return .failure(.outputTooLarge)
        case .exited, .signaled:
            guard let records = try? JSONDecoder().decode([PullRecord].self, from: result.output) else {
                let said = String(decoding: result.errors, as: UTF8.self).split(separator: "\n").last.map {
                    $0.hasPrefix("Error: ") ? String($0.dropFirst(7)) : String($0)
                }
                return .failure(.noResult(status: result.status, said: said))
            }
            return .success(records)
        }
    }
}

/// Why a ``PullChild`` gave no records; each ``description`` is one line.
public enum PullChildError: Error, Sendable, Equatable, CustomStringConvertible {
    case notStarted(String)
    case timedOut(seconds: Int)
    case outputTooLarge
    /// The child ended without its JSON, with the last line it wrote on stderr (its one-line
    /// error, without ArgumentParser's `Error: `), if any.
    case noResult(status: Int32, said: String?)

    public var description: String {
        switch self {
        case .notStarted(let why): why
        case .timedOut(let seconds): "`wallet card update` took longer than \(seconds) s and was stopped"
        case .outputTooLarge: "`wallet card update` answered more than 4 MiB"
        case .noResult(let status, let said):
            said ?? "`wallet card update` exited \(status) without a result"
        }
    }
}
