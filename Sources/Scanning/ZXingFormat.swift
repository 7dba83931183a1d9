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
}
