/// The 13 barcode formats a loyalty card can carry (Catima's set).
///
/// The raw value is the name the CLI uses (`ean13`, `data-matrix`, ...). Catima's names
/// (`EAN_13`, `DATA_MATRIX`, ...) are accepted as aliases by ``init(name:)``.
public enum Symbology: String, CaseIterable, Sendable, Codable {
    case qr
    case aztec
    case pdf417
    case dataMatrix = "data-matrix"
    case code128
    case code39
    case code93
    case codabar
    case ean13
    case ean8
    case upcA = "upc-a"
    case upcE = "upc-e"
    case itf

    /// Parses a CLI name or a Catima alias, ignoring case and treating `_` like `-`.
    public init?(name: String) {
        let key = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        if let direct = Symbology(rawValue: key) {
            self = direct
            return
        }
        guard let aliased = Symbology.aliases[key] else { return nil }
        self = aliased
    }

    /// Lower-cased, dash-separated aliases (Catima's names and common spellings).
    private static let aliases: [String: Symbology] = [
        "qr-code": .qr, "qrcode": .qr, "pdf-417": .pdf417,
        "datamatrix": .dataMatrix,
        "code-128": .code128, "code-39": .code39, "code-93": .code93,
        "ean-13": .ean13, "ean-8": .ean8,
        "upca": .upcA, "upce": .upcE,
    ]

    /// The name Catima writes in its CSV `barcodetype` column.
    public var catimaName: String {
        switch self {
        case .qr: "QR_CODE"
        case .aztec: "AZTEC"
        case .pdf417: "PDF_417"
        case .dataMatrix: "DATA_MATRIX"
        case .code128: "CODE_128"
        case .code39: "CODE_39"
        case .code93: "CODE_93"
        case .codabar: "CODABAR"
        case .ean13: "EAN_13"
        case .ean8: "EAN_8"
        case .upcA: "UPC_A"
        case .upcE: "UPC_E"
        case .itf: "ITF"
        }
    }

    /// True for matrix and stacked codes (QR, Aztec, PDF417, Data Matrix).
    public var isTwoDimensional: Bool {
        switch self {
        case .qr, .aztec, .pdf417, .dataMatrix: true
        default: false
        }
    }

    /// The quiet zone the standard asks for, in modules (X) on each side.
    public var quietZone: QuietZone {
        switch self {
        case .qr: QuietZone(all: 4)
        case .dataMatrix: QuietZone(all: 1)
        case .pdf417: QuietZone(all: 2)
        case .aztec: QuietZone(all: 1)  // none required; one module keeps neighbours off the finder
        case .ean13: QuietZone(left: 11, right: 7, vertical: 0)
        case .ean8: QuietZone(left: 7, right: 7, vertical: 0)
        case .upcA: QuietZone(left: 9, right: 9, vertical: 0)
        case .upcE: QuietZone(left: 9, right: 7, vertical: 0)
        case .code128, .code39, .code93, .codabar, .itf: QuietZone(left: 10, right: 10, vertical: 0)
        }
    }
}

/// Light margin around a symbol, in modules.
public struct QuietZone: Equatable, Sendable {
    public var left: Int
    public var right: Int
    public var top: Int
    public var bottom: Int

    public init(left: Int, right: Int, top: Int, bottom: Int) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    /// The same margin on all four sides.
    public init(all: Int) { self.init(left: all, right: all, top: all, bottom: all) }

    /// Left and right margins for a linear code, with `vertical` above and below.
    public init(left: Int, right: Int, vertical: Int) {
        self.init(left: left, right: right, top: vertical, bottom: vertical)
    }
}
