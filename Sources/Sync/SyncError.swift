/// Why a sync, its set-up, log or restore failed; each says what is wrong and what to do, in one line.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// `wallet sync` before `wallet sync init`.
    case notSetUp
    /// `wallet sync init` on a wallet that already syncs.
    case alreadySetUp(remote: String)
    /// The `git` command is not installed.
    case gitMissing
    /// A git command failed (its last line of error output).
    case git(command: String, message: String)
    /// A git command ran past its time limit and was stopped.
    case gitTimedOut(command: String, seconds: Int)
    /// The remote could not be reached (fetch or push failed for another reason than a newer remote).
    case unreachable(remote: String, message: String)
    /// `wallet sync init`: the remote could not be reached; nothing was set up.
    case setUpUnreachable(remote: String, message: String)
    /// Someone kept pushing first: the merge was retried as often as allowed.
    case pushKeptRejected(attempts: Int)
    /// A file of the remote is not a wallet file, or is one that fails its checks.
    case refusedFile(path: String, reason: String)
    /// Another sync of this wallet is running.
    case busy
    /// `sync restore`: nothing in the history matches.
    case notInHistory(String)
    /// `sync restore --at`: not a date.
    case badDate(String)
    /// A sealed wallet meets a remote holding a plain one.
    case remoteIsPlain
    /// A plain wallet (`--plain`) meets a remote holding a sealed one.
    case remoteIsSealed
    /// The remote is sealed under a key this wallet does not have.
    case sealedUnderAnotherKey
    /// The wallet syncs sealed but its key file is missing or unreadable.
    case keyMissing(path: String)
    /// `sync init --key`: the words do not give a key.
    case badPairingWords(String)
    /// `sync key` on a wallet that syncs in plain text.
    case plainHasNoKey
    /// `sync rekey`: someone pushed between the sync and the re-sealed push.
    case rekeyRaced

    public var description: String {
        switch self {
        case .notSetUp:
            return "this wallet does not sync yet: run `wallet sync init REMOTE` with a git URL or path"
        case .alreadySetUp(let remote):
            return "this wallet already syncs with \(remote): run `wallet sync`"
        case .gitMissing:
            return "the `git` command is not installed: install git (apt install git) and try again"
        case .git(let command, let message):
            return "git \(command) failed: \(message)"
        case .gitTimedOut(let command, let seconds):
            return "git \(command) took more than \(seconds) s and was stopped: check the remote and try again"
        case .unreachable(let remote, let message):
            return "cannot reach \(remote): \(message); local changes are kept and go out with the next sync"
        case .setUpUnreachable(let remote, let message):
            return "cannot reach \(remote): \(message); nothing was set up: check the URL or path (an empty "
                + "repository from `git init --bare PATH` will do) and run `wallet sync init` again"
        case .pushKeptRejected(let attempts):
            return "the remote changed during each of \(attempts) attempts: run `wallet sync` again"
        case .refusedFile(let path, let reason):
            return "the remote's \(path) is refused (\(reason)); nothing of this sync was applied"
        case .busy:
            return "another sync of this wallet is running: try again when it is done"
        case .notInHistory(let card):
            return "no card '\(card)' in the sync history: see `wallet sync log`"
        case .badDate(let text):
            return "'\(text)' is not a date: give YYYY-MM-DD or an ISO 8601 date-time"
        case .remoteIsPlain:
            return
                "the remote holds a plain (unencrypted) wallet: join it with `wallet sync init REMOTE --plain`, then `wallet sync rekey` seals it"
        case .remoteIsSealed:
            return
                "the remote holds a sealed wallet: join it with `wallet sync init REMOTE --key WORDS`, the words `wallet sync key` shows on a device that syncs"
        case .sealedUnderAnotherKey:
            return
                "the remote is sealed under another key (other words, or a rekey on another device): run `wallet sync init REMOTE --key WORDS` with the words `wallet sync key` shows on a device that syncs; nothing of this sync was applied"
        case .keyMissing(let path):
            return
                "this wallet's sync key (\(path)) is missing or damaged: run `wallet sync init REMOTE --key WORDS` with the words `wallet sync key` shows on another device"
        case .badPairingWords(let reason):
            return "the pairing words are not valid: \(reason); give the 24 words `wallet sync key` shows"
        case .plainHasNoKey:
            return "this wallet syncs in plain text and has no key: `wallet sync rekey` seals its remote"
        case .rekeyRaced:
            return "the remote changed during the rekey: nothing was changed; run `wallet sync rekey` again"
        }
    }
}
