import Barcodes

/// A barcode wider than the terminal: drawn anyway, its lines would wrap and no scanner could
/// read it, so the commands say how to get it instead.
struct TerminalTooNarrow: Error, CustomStringConvertible {
    let symbology: Symbology
    /// Columns the barcode takes (``BarcodeMatrix/terminalColumns``).
    let needed: Int
    /// Columns the terminal has (``TerminalWidth/current(environment:)``).
    let columns: Int
    /// The option that writes the barcode as a PNG instead, e.g. `--png FILE`.
    let pngOption: String

    /// Throws when `matrix` does not fit `columns`.
    static func check(_ matrix: BarcodeMatrix, columns: Int, pngOption: String) throws(TerminalTooNarrow) {
        guard matrix.terminalColumns > columns else { return }
        throw TerminalTooNarrow(
            symbology: matrix.symbology, needed: matrix.terminalColumns, columns: columns, pngOption: pngOption)
    }

    var description: String {
        "the \(symbology.rawValue) barcode needs \(needed) terminal columns and this terminal has \(columns): "
            + "write it as an image with \(pngOption), or widen the terminal (or set COLUMNS)"
    }
}
