import ArgumentParser
import WalletCore

/// `wallet card edit CARD [options]`: changes only what is given; '' clears an optional field.
struct CardEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a card's fields.")

    @OptionGroup var container: ContainerOptions
    @OptionGroup var card: CardArgument
    @Option(parsing: .unconditional, help: "New store or programme name.") var store: String?
    @Option(parsing: .unconditional, help: "New printed number.") var code: String?
    @OptionGroup var fields: CardFieldOptions
    @Option(name: .customLong("remove-group"), help: "Take the card out of this group (repeatable).")
    var removedGroups: [String] = []
    @Flag(help: "Mark as favorite.") var favorite = false
    @Flag(help: "Unmark as favorite.") var unfavorite = false
    @Flag(help: "Archive (hidden from lists and widgets).") var archive = false
    @Flag(help: "Bring back from the archive.") var unarchive = false
    @Flag(name: [.short, .long], help: "Print nothing on success (else one line saying what changed).") var quiet = false

    func run() throws {
        if favorite && unfavorite { throw CLIError.conflictingFlags("--favorite", "--unfavorite") }
        if archive && unarchive { throw CLIError.conflictingFlags("--archive", "--unarchive") }
        let change = try fields.artChange()
        let repository = try container.repository()
        let before = try repository.resolveNoting(card)
        var edited = before
        if let store { edited.store = store }
        if let code { edited.code = code }
        edited.groups.removeAll { removedGroups.contains($0) }
        try fields.apply(to: &edited.fields, allowNone: true)
        if favorite || unfavorite { edited.favorite = favorite }
        if archive || unarchive { edited.archived = archive }
        try repository.update(edited, art: change)
        if !quiet { print(CardChangeLine.edited(before: before, after: edited)) }
    }
}
