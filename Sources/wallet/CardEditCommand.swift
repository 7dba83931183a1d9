import ArgumentParser
import WalletCore

/// `wallet card edit CARD [options]`: changes only what is given; '' clears an optional field.
struct CardEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a card's fields.")

    @OptionGroup var container: ContainerOptions
    @Argument(help: "Card id, unique id prefix or exact store name.") var card: String
    @Option(parsing: .unconditional, help: "New store or programme name.") var store: String?
    @Option(parsing: .unconditional, help: "New printed number.") var code: String?
    @OptionGroup var fields: CardFieldOptions
    @Option(name: .customLong("remove-group"), help: "Take the card out of this group (repeatable).")
    var removedGroups: [String] = []
    @Flag(help: "Mark as favorite.") var favorite = false
    @Flag(help: "Unmark as favorite.") var unfavorite = false
    @Flag(help: "Archive (hidden from lists and widgets).") var archive = false
    @Flag(help: "Bring back from the archive.") var unarchive = false

    func run() throws {
        if favorite && unfavorite { throw CLIError.conflictingFlags("--favorite", "--unfavorite") }
        if archive && unarchive { throw CLIError.conflictingFlags("--archive", "--unarchive") }
        let repository = try container.repository()
        var edited = try repository.resolve(card)
        if let store { edited.store = store }
        if let code { edited.code = code }
        if let format = try fields.parsedFormat(allowNone: true) { edited.format = format }
        if let value = CardFieldOptions.clearable(fields.barcodeValue) { edited.barcodeValue = value }
        if let color = fields.color { edited.color = color }
        if let note = fields.note { edited.note = note }
        if let expiry = CardFieldOptions.clearable(fields.expiry) { edited.expiry = expiry }
        if let balance = CardFieldOptions.clearable(fields.balance) {
            edited.balance = balance
            if balance == nil, fields.currency == nil { edited.currency = nil }
        }
        if let currency = CardFieldOptions.clearable(fields.currency) { edited.currency = currency }
        edited.groups = edited.groups.filter { !removedGroups.contains($0) } + fields.groups
        if favorite || unfavorite { edited.favorite = favorite }
        if archive || unarchive { edited.archived = archive }
        try repository.update(edited)
    }
}
