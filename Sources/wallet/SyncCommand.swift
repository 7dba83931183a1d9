import ArgumentParser
import Foundation
import Sync
import WalletCore

/// `wallet sync [--json]` and its subcommands: the wallet's cards on every device through git.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync the cards with a git remote: commit, fetch, merge field by field, apply, push.",
        discussion: """
            Without a subcommand: syncs now. Quiet when nothing moved; exit status 0 when in sync. \
            The remote holds the cards in plain text: use a private repository.
            """,
        subcommands: [SyncInitCommand.self, SyncStatusCommand.self, SyncLogCommand.self, SyncRestoreCommand.self])

    @OptionGroup var container: ContainerOptions
    @Flag(help: "Print {\"pulled\", \"pushed\", \"conflicts\"} as JSON.") var json = false

    func run() throws {
        try SyncOutput.print(try container.walletSync().sync(), json: json, repository: try container.repository())
    }
}

/// `wallet sync init REMOTE [--device NAME]`.
struct SyncInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Start syncing with REMOTE (any git URL or path): an empty one gets this wallet, one holding a wallet is merged.")

    @OptionGroup var container: ContainerOptions
    @Argument(help: "A git URL or path (a private repository: the cards are stored in plain text).") var remote: String
    @Option(help: ArgumentHelp("This device's name in the history (default: the host name).", valueName: "NAME")) var device:
        String?

    func run() throws {
        let name = device ?? DeviceName.fromHost()
        guard DeviceName.isValid(name) else {
            throw ValidationError("device name '\(name)' is not valid: use 1-64 letters, digits, '.', '_' or '-'")
        }
        let report = try container.walletSync().setUp(remote: remote, device: name)
        print("syncing with \(TerminalText.escaped(remote)) as \(name): \(SyncOutput.moved(report))")
        try SyncOutput.print(report, json: false, summary: false, repository: try container.repository())
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
