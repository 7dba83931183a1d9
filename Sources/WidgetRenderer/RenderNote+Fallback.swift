import Barcodes
import WalletCore

extension RenderNote {
    /// The note for a card whose number is drawn as text: no barcode format, data that does not
    /// encode, or (`barcode` succeeded) a code that does not fit scannably.
    static func numberShownAsText(for card: Card, barcode: Result<BarcodeMatrix, BarcodeError>?) -> RenderNote {
        switch barcode {
        case nil: .numberShownAsText(cardID: card.id, store: card.store, reason: .noBarcode)
        case .failure(let error)?: .numberShownAsText(cardID: card.id, store: card.store, reason: .invalid(error.description))
        case .success?: .numberShownAsText(cardID: card.id, store: card.store, reason: .doesNotFit)
        }
    }
}
