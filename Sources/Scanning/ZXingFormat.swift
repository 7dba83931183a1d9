import Barcodes

/// zxing-cpp's format names (`ToString(BarcodeFormat)`) mapped to the wallet's formats.
enum ZXingFormat {
    /// The wallet format for zxing's `name`, or the unsupported format named in the wallet's style.
    static func scannedFormat(zxingName name: String) -> ScannedFormat {
        if let symbology = storable[name] { return .storable(symbology) }
        return .unsupported(unsupportedNames[name] ?? name.lowercased())
    }

    private static let storable: [String: Symbology] = [
        "QRCode": .qr, "Aztec": .aztec, "PDF417": .pdf417, "DataMatrix": .dataMatrix,
        "Code128": .code128, "Code39": .code39, "Code93": .code93, "Codabar": .codabar,
        "EAN-13": .ean13, "EAN13": .ean13, "EAN-8": .ean8, "EAN8": .ean8,
        "UPC-A": .upcA, "UPCA": .upcA, "UPC-E": .upcE, "UPCE": .upcE, "ITF": .itf,
    ]

    private static let unsupportedNames: [String: String] = [
        "MaxiCode": "maxicode", "DataBar": "databar", "DataBarExpanded": "databar-expanded",
        "MicroQRCode": "micro-qr",
    ]

    /// The text in the form the wallet stores for `symbology`: zxing-cpp 2.x and later report
    /// UPC-A as 13 digits (a leading 0, as EAN-13 sees it); the wallet's UPC-A has 12.
    static func walletText(_ text: String, for format: ScannedFormat) -> String {
        if format == .storable(.upcA), text.count == 13, text.first == "0", text.allSatisfy(\.isASCII) {
            return String(text.dropFirst())
        }
        return text
    }
}
