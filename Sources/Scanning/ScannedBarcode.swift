import Barcodes

/// One barcode found in an image or a PDF page.
public struct ScannedBarcode: Equatable, Sendable {
    /// What kind of code it is: one the wallet stores, or one it cannot.
    public var format: ScannedFormat
    /// The decoded text (UTF-8), exactly as the symbol carries it (Code 39 full ASCII decoded:
    /// `+A+B` is `ab`).
    public var text: String
    /// The four corners in image pixels: top-left, top-right, bottom-right, bottom-left
    /// (of the symbol as read, so a rotated code has rotated corners).
    public var corners: [ScanPoint]
    /// The 1-based PDF page, nil for an image.
    public var page: Int?
    /// True when the two readers (zxing-cpp and zbar) read different texts for this linear code at
    /// this place: each reading is listed and neither can become a card.
    public var disputed: Bool

    public init(format: ScannedFormat, text: String, corners: [ScanPoint], page: Int?, disputed: Bool = false) {
        self.format = format
        self.text = text
        self.corners = corners
        self.page = page
        self.disputed = disputed
    }

    /// The smallest upright rectangle holding all four corners.
    public var bounds: ScanRectangle {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return ScanRectangle(x: minX, y: minY, width: (xs.max() ?? 0) - minX + 1, height: (ys.max() ?? 0) - minY + 1)
    }
}

/// A point in image pixels.
public struct ScanPoint: Equatable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// An upright rectangle in image pixels.
public struct ScanRectangle: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
}

/// A scanned code's format: one of the wallet's `Symbology` cases, or a format the decoder
/// knows and a loyalty card cannot carry (MaxiCode, GS1 DataBar, Micro QR, rMQR, MicroPDF417,
/// Code 32, PZN).
public enum ScannedFormat: Equatable, Sendable {
    case storable(Symbology)
    /// The format's lower-case name (`maxicode`, `databar`, `databar-expanded`, `micro-qr`, `code32`, ...).
    case unsupported(String)

    /// The name printed for it: the wallet's format name, or the unsupported format's name.
    public var name: String {
        switch self {
        case .storable(let symbology): symbology.rawValue
        case .unsupported(let name): name
        }
    }

    /// The wallet's format, nil when the wallet cannot store this one.
    public var symbology: Symbology? {
        if case .storable(let symbology) = self { return symbology }
        return nil
    }
}
