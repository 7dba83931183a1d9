import ArgumentParser
import Foundation
import WalletCore

/// `wallet open URL`: routes a deep link the way the app would.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a wallet:// link: a card (shown like `card show`, its use recorded) or the overview.")

    @OptionGroup var container: ContainerOptions
    @Argument(help: "wallet:// or wallet://card/<id>") var url: String
    @Flag(help: "Print the card, or the overview, as JSON.") var json = false
    @Option(help: "For a card link, also write the barcode as a PNG to this file.", completion: .file(extensions: ["png"]))
    var png: String?
    @Flag(
        inversion: .prefixedNo,
        help: """
            Show the card (or the card list) in the app, wallet-app, started or reached if running. \
            Default: the app when there is no terminal and a display is named (as a desktop's link \
            handler runs it).
            """)
    var window: Bool?

    func validate() throws {
        if window == true, json || png != nil {
            throw CLIError.conflictingFlags("--window", json ? "--json" : "--png")
        }
    }

    /// The window was asked for, or implied: no terminal on stdin and stdout, a display to draw on.
    private var opensWindow: Bool {
        window ?? (!json && png == nil && isatty(0) == 0 && isatty(1) == 0 && AppLauncher.displayIsNamed())
    }

    func run() throws {
        if let png { try OutputFileName.check(png, writer: "--png", extensions: ["png"], formats: "PNG (.png)") }
        let link = try DeepLink(parsing: url)
        if opensWindow { try openInApp(link) }
        switch link {
        case .app:
            let overview = try container.repository().overview()
            if json { try CardOutput.writeJSON(OverviewJSON(overview)) } else { print(OverviewText.render(overview)) }
        case .card(let id):
            let card = try shownCard(id)
            var files = CardOutputFiles()
            try files.add(png) {
                try CardPresentation.labelPNG(CardPresentation.inWalletColor(card, reader: container.reader()))
            }
            try CardPresentation.show(card, json: json, files: files)
        }
    }

    /// Becomes the app at `link` (which records the card's use as it shows it), after checking
    /// that a window can open and that the card is in the wallet, so a refusal changes nothing.
    /// `--home` reaches the app as `WALLET_HOME`.
    private func openInApp(_ link: DeepLink) throws -> Never {
        let app = try AppLauncher.prepare()
        if case .card(let id) = link, try container.reader().card(id: id) == nil { throw OpenError.unknownCard(url) }
        if let home = container.home { setenv("WALLET_HOME", home, 1) }
        try AppLauncher.exec(app, url: url)
    }

    /// The card with its use recorded; when the wallet cannot be opened for writing or the
    /// record fails (a full disk, a read-only wallet, a lock held too long), the card as read
    /// (from a read-only view if need be), with a warning: showing the card at the till never
    /// depends on recording that it was shown.
    private func shownCard(_ id: UUID) throws -> Card {
        let repository: CardRepository
        do {
            repository = try container.repository()
        } catch {
            guard let stored = try container.reader().card(id: id) else { throw OpenError.unknownCard(url) }
            warnNotRecorded(error)
            return stored
        }
        guard let stored = try repository.card(id: id) else { throw OpenError.unknownCard(url) }
        do {
            return try repository.recordUse(of: id)
        } catch {
            warnNotRecorded(error)
            return stored
        }
    }

    private func warnNotRecorded(_ error: Error) {
        FileHandle.standardError.write(
            Data("warning: this use of the card was not recorded: \(TerminalText.escaped("\(error)"))\n".utf8))
    }
}

/// The overview as JSON: counts, and card ids with store names.
struct OverviewJSON: Encodable {
    struct Entry: Encodable {
        var id: String
        var store: String
    }

    var cards: Int
    var archived: Int
    var groups: [String]
    var favorites: [Entry]
    var recentlyUsed: [Entry]
    var expiringSoon: [Entry]

    init(_ overview: WalletOverview) {
        func entries(_ cards: [Card]) -> [Entry] { cards.map { Entry(id: $0.id.lowercasedText, store: $0.store) } }
        cards = overview.activeCount
        archived = overview.archivedCount
        groups = overview.groups
        favorites = entries(overview.favorites)
        recentlyUsed = entries(overview.recentlyUsed)
        expiringSoon = entries(overview.expiringSoon)
    }
}

/// The overview for people.
enum OverviewText {
    static func render(_ overview: WalletOverview) -> String {
        var lines = [
            "Wallet: \(count(overview.activeCount, "card")), \(overview.archivedCount) archived, "
                + "\(count(overview.groups.count, "group"))"
        ]
        func section(_ title: String, _ cards: [Card], detail: (Card) -> String) {
            guard !cards.isEmpty else { return }
            lines.append(title)
            lines += cards.map { "  \($0.id.lowercasedText.prefix(8))  \(TerminalText.escaped($0.store + detail($0)))" }
        }
        section("Favorites:", overview.favorites) { _ in "" }
        section("Recently used:", overview.recentlyUsed) { card in card.lastUsed.map { "  \(LocalTime.format($0))" } ?? "" }
        section("Expiring soon:", overview.expiringSoon) { card in "  \(card.expiry ?? "")" }
        if overview.activeCount == 0 { lines.append("Add a card with `wallet card add --store NAME --code NUMBER`.") }
        return lines.joined(separator: "\n")
    }

    private static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}
