import Foundation
import WalletCore

/// A card reference as a command takes it: WalletCore's ``CardReference`` rule, and when the card
/// was found by a loose match (the start of its name or of a word in it) a note on stderr
/// naming the card taken, so `card edit boots` says it edited "Boots Advantage".
enum CardLookup {
    /// Says on stderr which card `reference` was taken to mean, when that was a loose match.
    static func noteLooseMatch(_ reference: CardReference, found card: Card) {
        guard reference.isLoose(card) else { return }
        let line =
            "note: '\(TerminalText.escaped(reference.text))' is taken as \(TerminalText.escaped(card.store)) "
            + "(\(card.id.lowercasedText.prefix(8)))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

extension CardRepository {
    /// ``resolve(_:)``, saying which card a loose match took (``CardLookup``).
    func resolveNoting(_ reference: String) throws -> Card {
        try resolveNoting(CardReference(reference))
    }

    /// The card a command's ``CardArgument`` names, saying which card a loose match took.
    func resolveNoting(_ argument: CardArgument) throws -> Card {
        try resolveNoting(argument.reference)
    }

    /// ``resolve(_:)-(CardReference)``, saying which card a loose match took.
    func resolveNoting(_ reference: CardReference) throws -> Card {
        let card = try resolve(reference)
        CardLookup.noteLooseMatch(reference, found: card)
        return card
    }
}

extension CardReader {
    /// The card a command's ``CardArgument`` names, saying which card a loose match took.
    func resolveNoting(_ argument: CardArgument) throws -> Card {
        let reference = try argument.reference
        let card = try resolve(reference)
        CardLookup.noteLooseMatch(reference, found: card)
        return card
    }
}
