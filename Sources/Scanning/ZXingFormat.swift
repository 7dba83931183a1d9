import Barcodes

/// The reader's format names (the wallet's own, see wallet_scan.h) mapped to ``ScannedFormat``.
enum ZXingFormat {
    /// The wallet format named `name`, or the format the wallet cannot store (`maxicode`,
    /// `micro-qr`, `code32`, `aztec-rune`, ...).
    static func scannedFormat(name: String) -> ScannedFormat {
        Symbology(rawValue: name).map(ScannedFormat.storable) ?? .unsupported(name)
    }
}
