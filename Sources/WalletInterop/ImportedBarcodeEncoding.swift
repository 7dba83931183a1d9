import Barcodes

/// The character set of an imported barcode, from the name its file gives: a pass's
/// `messageEncoding` (almost always `iso-8859-1`) or Catima's `barcodeencoding`.
///
/// Both formats are read as their own apps read them rather than refused: a name the wallet
/// does not write (say `shift_jis`) or ISO-8859-1 for text it cannot hold falls back to UTF-8,
/// the wallet's default, with a warning. The warning is left out when the text is ASCII, the
/// same bytes in every such character set, so nothing about the barcode changes.
enum ImportedBarcodeEncoding {
    /// The encoding to store (nil: UTF-8, the default, however it is named) and, when the
    /// file's choice could not be kept, what to tell the user. `field` names the source field in
    /// the warning.
    static func choose(_ name: String?, for text: String, field: String) -> (encoding: BarcodeTextEncoding?, warning: String?) {
        let trimmed = name?.trimmedSpaces ?? ""
        guard !trimmed.isEmpty else { return (nil, nil) }
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        guard let encoding = BarcodeTextEncoding(name: trimmed) else {
            if isASCII { return (nil, nil) }
            return (nil, "\(field) '\(trimmed)' is not UTF-8 or ISO-8859-1: the barcode is written in UTF-8")
        }
        guard encoding.canWrite(text) else {
            return (nil, "\(field) \(encoding.rawValue) cannot hold every character of the barcode: it is written in UTF-8")
        }
        return (encoding == .utf8 ? nil : encoding, nil)
    }
}
