import Barcodes
import WalletCore

/// The checks every imported card passes before anything is stored, whatever file it came from,
/// so that errors name the line or entry: the barcode value against its format (check digits,
/// character sets, lengths), then the card model's field rules (``Card/validated()``).
enum CardCheck {
    /// The card as the wallet will store it (normalized by `validated()`); errors carry
    /// `location`, or `barcodeLocation` for a barcode value that does not fit its format.
    static func checked(
        _ card: Card, at location: SourceLocation, barcodeLocation: SourceLocation? = nil
    ) throws(LocatedProblem) -> Card {
        if let format = card.format {
            do {
                _ = try format.validate(card.encodedValue)
            } catch {
                throw LocatedProblem(
                    .invalidCode(value: card.encodedValue, format: format, reason: error), at: barcodeLocation ?? location)
            }
        }
        do {
            return try card.validated()
        } catch {
            throw LocatedProblem(.invalidCard(error.description), at: location)
        }
    }
}
