import Barcodes

/// One barcode found in an image or a PDF page.
///
/// `text` is the payload as encoded, never a form made for eyes: control characters (RS, GS,
/// EOT of an ISO/IEC 15434 message) are in it as they are, a GS1 symbol's text is its element
/// string (GS between fields) with ``gs1`` set. ``display`` is the human form.
public struct ScannedBarcode: Equatable, Sendable {
    /// What kind of code it is: one the wallet stores, or one it cannot.
    public var format: ScannedFormat
    /// The payload (UTF-8), exactly as the symbol carries it: its bytes in their character set
    /// (``textEncoding``), Code 39 full ASCII decoded (`+A+B` is `ab`), a GS1 element string
    /// without its leading FNC1.
    public var text: String
    /// The symbol is GS1: FNC1 in first position (GS1-128, GS1 Data Matrix, GS1 QR, GS1 Aztec).
    public var gs1: Bool
    /// The AIM symbology identifier the reader gave (`]C1` GS1-128, `]d2` GS1 Data Matrix, `]Q1`
    /// plain QR, ...), empty when it gave none.
    public var symbologyIdentifier: String
    /// The character set ``text``'s bytes were in (ASCII counts as UTF-8); nil when the wallet
    /// writes none that gives the same bytes (a Shift JIS QR, a mix of ECIs).
    public var textEncoding: BarcodeTextEncoding?
    /// True when a format whose check is one digit (EAN/UPC) was read by one reader and the other
    /// did not see it on a rescaled or sharpened copy: a wrong digit passes such a check one time in ten,
    /// so the reading is not stored without the person's confirmation (`--pick N --confirm`).
    public var unconfirmed: Bool
    /// The four corners in image pixels: top-left, top-right, bottom-right, bottom-left
    /// (of the symbol as read, so a rotated code has rotated corners).
    public var corners: [ScanPoint]
    /// The 1-based PDF page, nil for an image.
    public var page: Int?
    /// True when the two readers (zxing-cpp and zbar) read different texts for this linear code at
    /// this place: each reading is listed and neither can become a card.
    public var disputed: Bool

    public init(
        format: ScannedFormat, text: String, corners: [ScanPoint], page: Int?, disputed: Bool = false, gs1: Bool = false,
        symbologyIdentifier: String = "", textEncoding: BarcodeTextEncoding? = .utf8, unconfirmed: Bool = false
    ) {
        self.format = format
        self.text = text
        self.corners = corners
        self.page = page
        self.disputed = disputed
        self.gs1 = gs1
        self.symbologyIdentifier = symbologyIdentifier
        self.textEncoding = textEncoding
        self.unconfirmed = unconfirmed
    }

    /// The payload as people read it, the wallet's one convention (`BarcodeDisplayText`): GS1
    /// fields in parentheses, control characters as Control Pictures (`[)>␞06␝...`).
    public var display: String { BarcodeDisplayText.of(text, gs1: gs1) }

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
