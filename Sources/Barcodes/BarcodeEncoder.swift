internal import CZint

/// Turns a payload into a ``BarcodeMatrix``: QR through libqrencode, Aztec in Swift
/// (`AztecEncoder`), every other format through libzint.
public enum BarcodeEncoder {
    /// Validates (``Symbology/validate(_:encoding:gs1:)``) then encodes, the text written in
    /// `encoding` (``BarcodeTextEncoding``); the matrix's `payload` is the normalized payload.
    /// A `gs1` payload (a GS1 element string, GS between fields) is drawn in the format's GS1 mode:
    /// FNC1 first, a FNC1 for each GS (GS1-128, GS1 Data Matrix and GS1 QR through libzint, Aztec
    /// with FLG(0) first), so a reader gives back the same element string and the GS1 flag.
    public static func encode(
        _ payload: String, as symbology: Symbology, encoding: BarcodeTextEncoding = .utf8, gs1: Bool = false
    ) throws(BarcodeError) -> BarcodeMatrix {
        let normalized = try symbology.validate(payload, encoding: encoding, gs1: gs1)
        if gs1 { return try encodeGS1(normalized, as: symbology) }
        return try encodeValidated(normalized, as: symbology, encoding: encoding, symbol: nil)
    }

    /// Encodes an already validated payload, reusing `symbol` (a batch keeps one libzint symbol;
    /// nil makes one when the format needs libzint, ``Symbology/usesLibzint``).
    static func encodeValidated(
        _ payload: String, as symbology: Symbology, encoding: BarcodeTextEncoding, symbol: ZintSymbol?
    ) throws(BarcodeError) -> BarcodeMatrix {
        // Validation guarantees the text fits the encoding. Code 128's own set is ISO-8859-1
        // (no ECI): its text is written so whatever the card's encoding.
        let encoding = symbology == .code128 ? .latin1 : encoding
        guard case .success(let bytes) = encoding.bytes(of: payload) else {
            throw .encoderFailed(symbology, code: 0, message: "text outside \(encoding.rawValue)")
        }
        // ASCII is the same in every set: plain bytes, no ECI designator.
        let eci = bytes.allSatisfy { $0 < 0x80 } || symbology == .code128 ? nil : encoding.eciNumber
        if symbology == .qr {
            let (width, modules) = try QRCodeEncoder.encode(payload, bytes: bytes, eci: eci)
            return BarcodeMatrix(symbology: .qr, width: width, height: width, payload: payload, modules: modules)
        }
        if symbology == .aztec {
            let (width, modules) = try AztecEncoder.encode(bytes, eci: eci)
            return BarcodeMatrix(symbology: .aztec, width: width, height: width, payload: payload, modules: modules)
        }
        let symbol = if let symbol { symbol } else { try ZintSymbol(for: symbology) }
        try encode(bytes, in: symbol, as: symbology.zintSymbology(for: payload), symbology: symbology, eci: eci, gs1: false)
        return matrix(from: symbol, symbology: symbology, payload: payload)
    }

    /// A validated GS1 element string in `symbology`'s GS1 mode (see ``encode(_:as:encoding:gs1:)``).
    private static func encodeGS1(_ payload: String, as symbology: Symbology) throws(BarcodeError) -> BarcodeMatrix {
        if symbology == .aztec {
            let (width, modules) = try AztecEncoder.encode(Array(payload.utf8), eci: nil, fnc1First: true)
            return BarcodeMatrix(symbology: .aztec, width: width, height: width, payload: payload, modules: modules)
        }
        let elements: GS1ElementString
        do throws(GS1Problem) {
            elements = try GS1ElementString(payload)
        } catch {
            throw .invalidGS1(symbology, problem: error)
        }
        let symbol = try ZintSymbol(for: symbology)
        let zintSymbology = symbology == .code128 ? BARCODE_GS1_128 : symbology.zintSymbology(for: payload)
        try encode(Array(elements.bracketed.utf8), in: symbol, as: zintSymbology, symbology: symbology, eci: nil, gs1: true)
        return matrix(from: symbol, symbology: symbology, payload: payload)
    }

    /// libzint's encoding of `bytes`, its failures as ``BarcodeError``.
    private static func encode(
        _ bytes: [UInt8], in symbol: ZintSymbol, as zintSymbology: Int32, symbology: Symbology, eci: Int32?, gs1: Bool
    ) throws(BarcodeError) {
        do {
            try symbol.encode(
                bytes, symbology: zintSymbology, eci: eci, squareOnly: symbology == .dataMatrix, gs1: gs1,
                qrErrorCorrectionM: symbology == .qr)
        } catch {
            if error.isTooLong {
                throw .overCapacity(symbology, detail: "\(error.message.lowercasedFirst); shorten the data")
            }
            throw .encoderFailed(symbology, code: error.code, message: error.message.lowercasedFirst)
        }
    }

    /// Copies libzint's rows into a matrix. Stacked rows taller than one module (PDF417) are
    /// repeated so the matrix has square modules; linear codes keep their single row, Code 39 and
    /// Codabar with their wide elements widened to 3:1 (``WideBarRatio``).
    private static func matrix(from symbol: ZintSymbol, symbology: Symbology, payload: String) -> BarcodeMatrix {
        let width = symbol.width
        let rows = symbology.isTwoDimensional ? symbol.rows : 1
        var repeats = [Int](repeating: 1, count: rows)
        if symbology == .pdf417 {
            for row in 0..<rows { repeats[row] = max(1, Int(symbol.rowHeight(row).rounded())) }
        }
        var firstLine = [Int](repeating: 0, count: rows)
        var height = 0
        for row in 0..<rows {
            firstLine[row] = height
            height += repeats[row]
        }
        var modules = [Bool](repeating: false, count: width * height)
        modules.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<rows {
                let first = firstLine[row] * width
                symbol.copyRow(row, into: UnsafeMutableBufferPointer(rebasing: buffer[first..<(first + width)]))
                for line in (firstLine[row] + 1)..<(firstLine[row] + repeats[row]) {
                    let start = line * width
                    buffer[start..<(start + width)] = buffer[first..<(first + width)]
                }
            }
        }
        if WideBarRatio.applies(to: symbology) {
            let row = WideBarRatio.widen(modules)
            return BarcodeMatrix(symbology: symbology, width: row.count, height: 1, payload: payload, modules: row)
        }
        return BarcodeMatrix(symbology: symbology, width: width, height: height, payload: payload, modules: modules)
    }
}

extension Symbology {
    /// False for the formats encoded without libzint (QR through libqrencode, Aztec in Swift):
    /// for them libzint is never loaded.
    var usesLibzint: Bool { self != .qr && self != .aztec }

    /// The libzint symbology for `payload` in this format (QR and Aztec are not encoded through libzint).
    /// EAN/UPC use the `_CHK` variants: the validated payload carries its check digit and libzint
    /// verifies it. Code 39 is full ASCII (`BARCODE_EXCODE39`) only for a payload outside the basic
    /// set, so a basic one keeps the bars it always had.
    func zintSymbology(for payload: String) -> Int32 {
        if self == .code39 && !Code39FullASCII.isBasic(payload) { return BARCODE_EXCODE39 }
        return switch self {
        case .qr: BARCODE_QRCODE
        case .aztec: BARCODE_AZTEC
        case .pdf417: BARCODE_PDF417
        case .dataMatrix: BARCODE_DATAMATRIX
        case .code128: BARCODE_CODE128
        case .code39: BARCODE_CODE39
        case .code93: BARCODE_CODE93
        case .codabar: BARCODE_CODABAR
        case .ean13, .ean8: BARCODE_EANX_CHK
        case .upcA: BARCODE_UPCA_CHK
        case .upcE: BARCODE_UPCE_CHK
        case .itf: BARCODE_C25INTER
        }
    }
}
