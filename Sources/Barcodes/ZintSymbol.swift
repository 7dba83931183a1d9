internal import CZint

/// One libzint symbol: owns the `zint_symbol` (created in `init`, freed in `deinit`) and reads
/// its output fields through the imported struct, never by byte offset.
final class ZintSymbol {
    private let symbol: UnsafeMutablePointer<zint_symbol>

    /// Why libzint refused an input (its return code, and its message without the "Error NNN: " prefix).
    struct Failure: Error {
        let code: Int32
        let message: String
        /// True for `ZINT_ERROR_TOO_LONG`: the data does not fit the largest symbol.
        var isTooLong: Bool { code == ZINT_ERROR_TOO_LONG }
    }

    /// Fails with ``BarcodeError/outOfMemory(_:)`` when libzint cannot allocate the symbol.
    init(for symbology: Symbology) throws(BarcodeError) {
        guard let symbol = ZBarcode_Create() else { throw .outOfMemory(symbology) }
        self.symbol = symbol
    }

    deinit { ZBarcode_Delete(symbol) }

    /// Encodes `bytes` as `symbology`, as they are (libzint's `DATA_MODE`: no conversion). `eci`
    /// announces their character set (26 UTF-8, 3 ISO-8859-1) so decoders do not guess it; nil
    /// writes none. `squareOnly` keeps Data Matrix square. `gs1`: the bytes are a GS1 element
    /// string with bracketed AIs (`GS1_MODE`, data not checked against the AI rules: what was
    /// read is drawn back). `qrErrorCorrectionM`: QR at level M, as libqrencode draws the others.
    func encode(
        _ bytes: [UInt8], symbology: Int32, eci: Int32?, squareOnly: Bool, gs1: Bool = false,
        qrErrorCorrectionM: Bool = false
    ) throws(Failure) {
        ZBarcode_Clear(symbol)
        symbol.pointee.symbology = symbology
        symbol.pointee.input_mode = gs1 ? GS1_MODE | GS1NOCHECK_MODE : DATA_MODE
        symbol.pointee.eci = eci ?? 0
        symbol.pointee.option_1 = qrErrorCorrectionM ? 2 : -1
        symbol.pointee.option_3 = squareOnly ? DM_SQUARE : 0
        symbol.pointee.show_hrt = 0
        let status = bytes.withUnsafeBufferPointer { ZBarcode_Encode(symbol, $0.baseAddress, Int32($0.count)) }
        if status >= ZINT_ERROR {
            throw Failure(code: status, message: errorText)
        }
    }

    /// Rows of the last encoded symbol (stacked codes have several; linear codes one).
    var rows: Int { Int(symbol.pointee.rows) }

    /// Width of the last encoded symbol, in modules.
    var width: Int { Int(symbol.pointee.width) }

    /// Writes the modules of `row` into `out` (``width`` entries, true = dark).
    func copyRow(_ row: Int, into out: UnsafeMutableBufferPointer<Bool>) {
        let width = width
        // Each byte holds 8 modules, least significant bit first.
        let data = wallet_zint_row(symbol, Int32(row))!
        for column in 0..<width {
            out[column] = data[column >> 3] & (1 << (column & 7)) != 0
        }
    }

    /// Height of `row` in modules as libzint laid it out (PDF417 rows are 3 modules tall).
    /// Rows without an explicit height (`row_height` 0) share the symbol's `height` equally.
    func rowHeight(_ row: Int) -> Float {
        let explicit = wallet_zint_row_height(symbol, Int32(row))
        return explicit > 0 ? explicit : symbol.pointee.height / Float(max(1, rows))
    }

    /// libzint's last message, without its "Error NNN: " prefix.
    private var errorText: String {
        let text = String(cString: wallet_zint_error_text(symbol))
        guard text.hasPrefix("Error "), let colon = text.firstIndex(of: ":") else { return text }
        return String(text[text.index(after: colon)...].drop { $0 == " " })
    }
}
