import Barcodes
import WalletCore

/// The barcode check every imported card passes while its file is read, so that a value that
/// does not fit its format fails with the file's line or entry and Catima's format name.
///
/// The card model's other field rules (``Card/validated()``) run once, when the archive is
/// stored; ``WalletArchive/save(in:file:progress:)`` locates their errors through `cardLocations`.
enum CardCheck {
    /// Fails unless the card's encoded value is valid for its format (check digits, character
    /// sets, lengths); the error carries `location`.
    static func checkBarcode(of card: Card, at location: SourceLocation) throws(LocatedProblem) {
        guard let format = card.format else { return }
        do {
            _ = try format.validate(card.encodedValue, encoding: card.barcodeTextEncoding, gs1: card.gs1)
        } catch {
            throw LocatedProblem(.invalidCode(value: card.encodedValue, format: format, reason: error), at: location)
        }
    }
}
