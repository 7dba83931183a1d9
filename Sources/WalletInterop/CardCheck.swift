import Barcodes
import WalletCore

/// The checks every imported card passes before anything is stored, whatever file it came from.
enum CardCheck {
    /// Verifies that the barcode value is valid for the card's format (check digits, character
    /// sets, lengths); the error carries `location`.
    static func checked(_ card: Card, at location: SourceLocation) throws(LocatedProblem) -> Card {
        guard !card.store.isEmpty else { throw LocatedProblem(.requiredFieldEmpty("store"), at: location) }
        guard !card.code.isEmpty else { throw LocatedProblem(.requiredFieldEmpty("card number"), at: location) }
        if let format = card.format {
            do {
                _ = try format.validate(card.encodedValue)
            } catch {
                throw LocatedProblem(.invalidCode(value: card.encodedValue, format: format, reason: error), at: location)
            }
        }
        return card
    }
}
