import ArgumentParser
import Barcodes
import Foundation
import Sync
import WalletCore

/// `wallet sync [--json]` and its subcommands: the wallet's cards on every device through git.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync the cards with a git remote: commit, fetch, merge field by field, apply, push.",
        discussion: """
            Without a subcommand: syncs now. Quiet when nothing moved; exit status 0 when in sync. \
            A remote set up without --plain holds every file sealed under the wallet key \
            (ChaCha20-Poly1305) under names that are keyed hashes: whoever hosts it learns no card.
            """,
        subcommands: [
            SyncInitCommand.self, SyncStatusCommand.self, SyncLogCommand.self, SyncRestoreCommand.self, SyncKeyCommand.self,
            SyncRekeyCommand.self,
        ])

    @OptionGroup var container: ContainerOptions
    @Flag(help: "Print {\"pulled\", \"pushed\", \"conflicts\"} as JSON.") var json = false

    func run() throws {
        try SyncOutput.print(try container.walletSync().sync(), json: json, repository: try container.repository())
    }
}

/// `wallet sync init REMOTE [--device NAME] [--plain] [--key WORDS]`.
struct SyncInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Start syncing with REMOTE (any git URL or path): an empty one gets this wallet, one holding a wallet is merged.",
        discussion: """
            The remote is sealed end to end under a new random wallet key unless --plain; a remote \
            already sealed is joined with --key and the words `wallet sync key` shows on a device that \
            syncs with it (also to join again after a rekey on another device).
            """)

    @OptionGroup var container: ContainerOptions
    @Argument(help: "A git URL or path.") var remote: String
    @Option(help: ArgumentHelp("This device's name in the history (default: the host name).", valueName: "NAME")) var device:
        String?
    @Flag(help: "Keep the remote's files in plain text (readable by whoever hosts it).") var plain = false
    @Option(help: ArgumentHelp("The pairing words of a wallet whose remote is sealed (`wallet sync key`).", valueName: "WORDS"))
    var key: String?

    func validate() throws {
        if plain, key != nil { throw ValidationError("--plain and --key do not go together: a plain remote has no key") }
    }

    func run() throws {
        let name = device ?? DeviceName.fromHost()
        if let problem = DeviceName.problem(with: name) { throw ValidationError(problem) }
        let sealing: SyncSealing = plain ? .plain : key.map { .join(words: $0) } ?? .newKey
        let report = try container.walletSync().setUp(remote: remote, device: name, sealing: sealing)
        print("syncing with \(TerminalText.escaped(remote)) as \(name): \(SyncOutput.moved(report))")
        if case .newKey = sealing {
            print("sealed end to end: `wallet sync key` shows the words another device joins with")
        }
        try SyncOutput.print(report, json: false, summary: false, repository: try container.repository())
    }
}

/// `wallet sync key`: the pairing words, and on a terminal their QR code.
struct SyncKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Show the pairing secret: the wallet key as 24 words, and as a QR code on a terminal.",
        discussion: """
            Another device joins with `wallet sync init REMOTE --key "WORDS"`. Whoever has the words \
            can read and write the wallet: show them only to your own devices.
            """)

    @OptionGroup var container: ContainerOptions

    func run() throws {
        let words = try container.walletSync().pairingWords()
        print(words)
        if isatty(STDOUT_FILENO) == 1 {
            print(try BarcodeEncoder.encode(words, as: .qr).terminalRendering(colors: TerminalStyle.stdoutColors), terminator: "")
        }
    }
}

/// `wallet sync rekey`.
struct SyncRekeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Seal the remote under a new wallet key (a plain remote becomes sealed); other devices join again.")

    @OptionGroup var container: ContainerOptions

    func run() throws {
        let report = try container.walletSync().rekey()
        try SyncOutput.print(report, json: false, repository: try container.repository())
        print(
            "sealed under a new key: other devices join again with `wallet sync init REMOTE --key WORDS` (`wallet sync key` shows them)"
        )
    }
}

/// `wallet sync status`.
struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Say what the next sync would send.")

    @OptionGroup var container: ContainerOptions

    func run() throws {
        let status = try container.walletSync().status()
        print("remote: \(TerminalText.escaped(status.remote))")
        print("device: \(status.device)")
        print("last sync: " + (status.lastSync.map { "\(LocalTime.format($0.time)) (\($0.commit.prefix(12)))" } ?? "never"))
        print("pending: \(status.pendingCards) changed cards, \(status.unpushedCommits) commits not pushed")
    }
}

/// `wallet sync log [CARD]`.
struct SyncLogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Show what changed when and on which device, newest first.")

    @OptionGroup var container: ContainerOptions
    @Argument(help: "Only this card (id, unique id prefix or store name (a unique start of it will do)).") var card: String?

    func run() throws {
        for entry in try container.walletSync().log(card: card) {
            print(
                "\(LocalTime.format(entry.time))  \(TerminalText.escaped(entry.device))  \(TerminalText.escaped(entry.summary))")
            for line in entry.cards { print("    " + TerminalText.escaped(line)) }
        }
    }
}

/// `wallet sync restore CARD [--at DATE]`.
struct SyncRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring back a removed card, or a card as it stood at a date, from the sync history.")

    @OptionGroup var container: ContainerOptions
    @Argument(help: "Card id, unique id prefix or store name (a unique start of it will do) (a removed card by id or prefix).")
    var card: String
    @Option(help: ArgumentHelp("The card as it stood at this date (YYYY-MM-DD or ISO 8601).", valueName: "DATE")) var at: String?

    func run() throws {
        let date = try at.map { text throws -> Date in
            guard let date = ISO8601.parse(text) ?? ISO8601.parse(text + "T23:59:59Z") else { throw SyncError.badDate(text) }
            return date
        }
        let card = try container.walletSync().restore(card: card, at: date)
        print("restored \(TerminalText.escaped(card.store)) (\(card.id.uuidString.lowercased())): `wallet sync` sends it out")
    }
}

extension ContainerOptions {
    /// The wallet's sync, on the repository with the clock `WALLET_NOW` fixes.
    func walletSync() throws -> WalletSync {
        WalletSync(repository: try repository(), clock: try WalletClock.fromEnvironment())
    }
}

/// A sync's report as text (a line when cards moved, a line per conflict) or JSON.
enum SyncOutput {
    /// Prints the report; conflicts name their card by its store name in `repository` (JSON
    /// keeps the id).
    static func print(_ report: SyncReport, json: Bool, summary: Bool = true, repository: CardRepository) throws {
        if json {
            try CardOutput.writeJSON(ReportJSON(pulled: report.pulled, pushed: report.pushed, conflicts: report.conflicts))
            return
        }
        if summary, report.pulled + report.pushed > 0 { Swift.print(moved(report)) }
        for conflict in report.conflicts {
            let store = UUID(uuidString: conflict.card).flatMap { try? repository.card(id: $0)?.store }
            Swift.print(TerminalText.escaped(line(conflict, store: store)))
        }
    }

    /// "1 card in, 2 out".
    static func moved(_ report: SyncReport) -> String {
        "\(report.pulled) \(report.pulled == 1 ? "card" : "cards") in, \(report.pushed) out"
    }

    /// "conflict: Tesco (aef58e3a) note: kept 'edited on phone', set aside 'edited on laptop' (reason)".
    static func line(_ conflict: SyncConflict, store: String?) -> String {
        let card = store.map { "\($0) (\(conflict.card.prefix(8)))" } ?? "card \(conflict.card.prefix(8))"
        let quoted = { (value: String?) in value.map { "'\($0)'" } ?? "(none)" }
        return "conflict: \(card) \(conflict.field): kept \(quoted(conflict.kept)), set aside \(quoted(conflict.other)) "
            + "(\(conflict.reason))"
    }

    private struct ReportJSON: Encodable {
        var pulled: Int
        var pushed: Int
        var conflicts: [SyncConflict]
    }
}
