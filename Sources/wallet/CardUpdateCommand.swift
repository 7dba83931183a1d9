import ArgumentParser
import Foundation
import PassService
import WalletCore

/// `wallet card update [CARD...|--all] [--json]`: pulls live cards from their issuers now.
struct CardUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Pull passes from their issuers now; one line per card: what changed, unchanged, or why it failed.",
        discussion: """
            A live card is one imported from a pass that names its issuer's web service. Fields you \
            changed with `wallet card edit` stay unless the issuer changed the same field since; \
            `wallet card history` lists every version and `wallet card revert` brings one back.
            """)

    @OptionGroup var container: ContainerOptions
    @Argument(help: "Cards to pull (id, unique id prefix or store name (a unique start of it will do)).") var cards: [String] = []
    @Option(
        name: .customLong("id"),
        help: ArgumentHelp(
            "A card to pull by its id or its first characters, never a store name (repeatable): picks one of several cards that share a name.",
            valueName: "ID"))
    var ids: [String] = []
    @Flag(help: "Pull every live card.") var all = false
    @Option(
        name: .customLong("pass-type"),
        help: ArgumentHelp("Pull every live card of this pass type (passTypeIdentifier).", valueName: "TYPE"))
    var passType: String?
    @Flag(
        name: .customLong("no-notify"),
        help: ArgumentHelp("Raise no desktop notifications (the widget host raises its own).", visibility: .hidden))
    var noNotify = false
    @Flag(help: "Print a JSON array: {card, store, status, changes, messages, reason}.") var json = false
    @Option(help: ArgumentHelp("Give up on a server after this many seconds.", valueName: "SECONDS")) var timeout: Double = 30

    /// The cards named: `CARD` arguments, then `--id` options.
    private var references: [CardReference] {
        get throws(CLIError) {
            let byID = try ids.map { (id) throws(CLIError) -> CardReference in
                guard let reference = CardReference(id: id) else { throw .notAnID(id) }
                return reference
            }
            return cards.map(CardReference.init) + byID
        }
    }

    func validate() throws {
        let cards = try references
        if all && !cards.isEmpty { throw CLIError.conflictingFlags("--all", "CARD") }
        if passType != nil && (all || !cards.isEmpty) { throw CLIError.conflictingFlags("--pass-type", all ? "--all" : "CARD") }
        if !all && cards.isEmpty && passType == nil { throw ValidationError("give the cards to pull, --pass-type TYPE or --all") }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be more than 0 and at most 600 seconds") }
    }

    func run() throws {
        let repository = try container.repository()
        let endpoints: [LiveEndpoint]
        if all || passType != nil {
            endpoints = try repository.liveEndpoints().filter { passType == nil || $0.passTypeIdentifier == passType }
        } else {
            endpoints = try references.map { reference in
                let card = try repository.resolveNoting(reference)
                guard let endpoint = try repository.liveEndpoint(of: card.id) else { throw UpdateError.notLive(card.store) }
                return endpoint
            }
        }
        if endpoints.isEmpty {
            if json {
                print("[]")
            } else {
                print("No live cards: import a pass whose issuer keeps it current (it names a web service).")
            }
            return
        }
        let puller = PassPuller(repository: repository, limits: PullLimits(timeout: timeout))
        let outcomes = try puller.pull(endpoints) { outcome in
            if !json { print(UpdateLine.text(outcome, currency: (try? repository.card(id: outcome.cardID))?.currency)) }
        }
        if json { try CardOutput.writeJSON(outcomes.map(PullRecord.init)) }
        if !noNotify { UpdateNotifications.show(outcomes) }
        let failed = outcomes.filter { if case .failed = $0.status { true } else { false } }.count
        if failed > 0 { throw UpdateError.failed(failed, of: outcomes.count) }
    }
}

/// `Coffee Club: balance 12.50 -> 15.75 EUR`, `... unchanged`, `... failed: why`: the library's
/// line (`PullOutcome.line(currency:)`, also the app's toast), escaped for a terminal.
enum UpdateLine {
    static func text(_ outcome: PullOutcome, currency: String?) -> String {
        TerminalText.escaped(outcome.line(currency: currency))
    }
}
