import ArgumentParser
import Foundation
import WalletCore

/// `wallet card history CARD [--json]`: a live card's versions, oldest first.
struct CardHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List a live card's versions (import, update, edit, sync) and what each changed.")

    @OptionGroup var container: ContainerOptions
    @OptionGroup var card: CardArgument
    @Flag(help: "Print a JSON array of versions.") var json = false

    func run() throws {
        let repository = try container.repository()
        let versions = try repository.history(of: repository.resolveNoting(card).id)
        if json {
            try CardOutput.writeJSON(versions.map(VersionJSON.init))
            return
        }
        if versions.isEmpty { print("No history: only cards imported from a pass keep versions.") }
        for version in versions {
            let changes = version.changes.map(ChangeText.describe).joined(separator: "; ")
            print(
                "\(version.version)  \(LocalTime.format(version.time))  \(version.source.rawValue)\(changes.isEmpty ? "" : "  " + changes)"
            )
        }
    }
}

/// `wallet card revert CARD VERSION`: brings a version back as a new one.
struct CardRevertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revert", abstract: "Bring back a version of a live card (see `wallet card history`) as a new version.")

    @OptionGroup var container: ContainerOptions
    @Argument(help: "Card id, unique id prefix or store name (a unique start of it will do).") var card: String
    @Argument(help: "The version number to bring back.") var version: Int

    func run() throws {
        let repository = try container.repository()
        let target = try repository.resolveNoting(card)
        let changes = try repository.revert(target.id, to: version)
        let store = TerminalText.escaped(target.store)
        print(
            changes.isEmpty
                ? "\(store): already as version \(version)"
                : "\(store): \(changes.map(ChangeText.describe).joined(separator: "; "))")
    }
}

/// A version in `card history --json`.
struct VersionJSON: Encodable {
    var version: Int
    var time: String
    var source: String
    var changes: [FieldChange]

    init(_ version: CardVersion) {
        (self.version, time, source, changes) = (
            version.version, ISO8601.format(version.time), version.source.rawValue, version.changes
        )
    }

    private enum CodingKeys: String, CodingKey { case version, time, source, changes }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(time, forKey: .time)
        try container.encode(source, forKey: .source)
        try container.encode(changes.map(ChangeJSON.init), forKey: .changes)
    }
}

/// A change with `from` and `to` always present (null when absent).
private struct ChangeJSON: Encodable {
    var change: FieldChange

    private enum CodingKeys: String, CodingKey { case field, from, to }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(change.field, forKey: .field)
        try container.encode(change.from, forKey: .from)
        try container.encode(change.to, forKey: .to)
    }
}

/// Changes as people read them (`FieldChange.text`: `balance 12.50 -> 15.75`), terminal-safe.
enum ChangeText {
    static func describe(_ change: FieldChange) -> String {
        TerminalText.escaped(change.text)
    }
}
