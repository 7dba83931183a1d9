import Barcodes
import WalletCore

/// Catima's importer reads some values more loosely than the wallet's rules; a row it would
/// import is imported here too, the same way, with a warning instead of refusing the whole file:
/// a `starstatus`/`archive` that is not a number counts as 0 (Catima: anything but 1 is 0), an
/// unreadable `headercolor` gives the color `card add` gives the store, and a code its barcode
/// format cannot encode keeps the card with its number shown as text (no format), and a
/// `barcodeencoding` the wallet does not write is UTF-8 (``ImportedBarcodeEncoding``).
struct CatimaLeniency {
    let location: SourceLocation
    private(set) var warnings: [ImportWarning] = []

    init(location: SourceLocation) {
        self.location = location
    }

    /// A 0/1 flag: 1 is true; empty, other numbers and anything else false (the latter reported).
    mutating func flag(_ text: String, field: String, meaning: String) -> Bool {
        if let value = try? CatimaValues.integer(text, field: field) { return value == 1 }
        warn("\(field) '\(text)' is not a number: imported as \(meaning)")
        return false
    }

    /// `#RRGGBB` of an Android color int; the store's derived color when empty or unreadable.
    mutating func color(_ text: String, store: String) -> String {
        let trimmed = text.trimmedSpaces
        if let android = Int32(trimmed) { return ColorEncodings.hex(androidColor: android) }
        if !trimmed.isEmpty { warn("color '\(trimmed)' is not an Android color number: the store's color is used") }
        return CardColor.derived(fromStore: store)
    }

    /// The character set `barcodeencoding` names for the barcode's `text`; nil (UTF-8) when
    /// empty, or when the wallet cannot write the text in it (reported).
    mutating func barcodeEncoding(_ name: String, text: String) -> BarcodeTextEncoding? {
        let (encoding, warning) = ImportedBarcodeEncoding.choose(name, for: text, field: "barcodeencoding")
        if let warning { warn(warning) }
        return encoding
    }

    /// Drops the format of a card whose code it cannot encode, so the number shows as text.
    mutating func keepUnencodableAsText(_ card: inout Card) {
        do throws(LocatedProblem) {
            try CardCheck.checkBarcode(of: card, at: location)
        } catch {
            warn("\(error.problem): kept without a barcode, its number shown as text")
            card.format = nil
        }
    }

    private mutating func warn(_ message: String) {
        warnings.append(ImportWarning(location: location, message: message))
    }
}
