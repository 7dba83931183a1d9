import Barcodes
import WalletCore

extension RenderNote {
    /// The note for a card whose number is drawn as text: no barcode format, data that does not
    /// encode, or (`barcode` succeeded) a code that does not fit scannably, with what `remedy`
    /// says would give it room.
    static func numberShownAsText(
        for card: Card, barcode: Result<BarcodeMatrix, BarcodeError>?, remedy: (BarcodeMatrix) -> FitRemedy
    ) -> RenderNote {
        switch barcode {
        case nil: .numberShownAsText(cardID: card.id, store: card.store, reason: .noBarcode)
        case .failure(let error)?: .numberShownAsText(cardID: card.id, store: card.store, reason: .invalid(error.description))
        case .success(let symbol)?: .numberShownAsText(cardID: card.id, store: card.store, reason: .doesNotFit(remedy(symbol)))
        }
    }
}
