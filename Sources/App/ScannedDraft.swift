import Barcodes
import Scanning
import WalletCore

/// What the add form saves after a scan filled it: the scanned code's payload, GS1 mode and
/// character set stay the card's (as `wallet card add --scan` stores them, so the card draws back
/// the same symbol) while the form still shows what was read. Once the person changes the number
/// or the format, what they typed is the card, as if typed from the start.
enum ScannedDraft {
    /// The fields of a new card from the form's `store`, `number` and `format`, over `scanned`.
    static func fields(store: String, number: String, format: Symbology?, scanned: ScannedCode?) -> CardFields {
        var fields = CardFields(store: store, code: number, format: format)
        guard let scanned, format == scanned.symbology, number == scanned.display else { return fields }
        fields.barcodeValue = scanned.payload == number ? nil : scanned.payload
        fields.gs1 = scanned.gs1
        fields.barcodeEncoding = scanned.encoding
        return fields
    }
}
