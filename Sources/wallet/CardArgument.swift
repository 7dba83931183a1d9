import ArgumentParser
import WalletCore

/// The card a command acts on: `CARD` (an id, a unique id prefix or a store name, by
/// ``CardReference``'s rule) or `--id ID` (an id or its first characters, never a name), which
/// picks one of several cards that share a name, as the "matches 2 cards" error suggests.
struct CardArgument: ParsableArguments {
    @Argument(help: "Card id, unique id prefix or store name (a unique start of it will do).", completion: ShellCompletions.cards)
    var card: String?

    @Option(
        name: .customLong("id"),
        help: ArgumentHelp(
            "The card's id or its first characters (the ID column of `card list`), never a store name: picks one of several cards that share a name.",
            valueName: "ID"))
    var id: String?

    func validate() throws {
        _ = try reference
    }

    /// What the lookup follows: `--id` by id alone, else `CARD`.
    var reference: CardReference {
        get throws(CLIError) {
            switch (card, id) {
            case (nil, nil): throw .missingCard
            case (_?, _?): throw .conflictingFlags("CARD", "--id")
            case (let card?, nil): return CardReference(card)
            case (nil, let id?):
                guard let reference = CardReference(id: id) else { throw .notAnID(id) }
                return reference
            }
        }
    }
}
