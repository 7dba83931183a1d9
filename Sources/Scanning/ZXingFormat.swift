import Barcodes

/// The reader's format names (the wallet's own, see wallet_scan.h) mapped to ``ScannedFormat``.
enum ZXingFormat {
    /// The wallet format named `name`, or the format the wallet cannot store (`maxicode`,
    /// `micro-qr`, `code32`, `aztec-rune`, ...).
    static func scannedFormat(name: String) -> ScannedFormat {
        Symbology(rawValue: name).map(ScannedFormat.storable) ?? .unsupported(name)
    }

    /// A reading's text as the wallet stores it: both readers give Code 39 raw, and a raw text
    /// whose shifts all form valid full ASCII pairs is decoded (`+A+B` -> `ab`, ``Code39FullASCII``);
    /// every other text is as read.
    static func text(_ raw: String, format: ScannedFormat) -> String {
        guard format == .storable(.code39) else { return raw }
        return Code39FullASCII.decoded(raw) ?? raw
    }

    /// The character set that turns `text` back into the symbol's own bytes: UTF-8 when they are
    /// its UTF-8 (`utf8`; ASCII is both), ISO-8859-1 when they are one byte a character, nil for
    /// any other (Shift JIS, several ECIs in one symbol): drawn in a set the wallet writes, such a
    /// text would carry other bytes.
    static func textEncoding(of text: String, utf8: [UInt8], symbolBytes: [UInt8]) -> BarcodeTextEncoding? {
        if symbolBytes == utf8 { return .utf8 }
        if symbolBytes.count == text.unicodeScalars.count, zip(text.unicodeScalars, symbolBytes).allSatisfy({ $0.value == $1 }) {
            return .latin1
        }
        return nil
    }
}
