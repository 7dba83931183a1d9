import Barcodes
import FileOutput
import WalletCore
import WidgetRenderer

/// A card's barcode as `card show` draws it: in the terminal, or as a PNG file.
extension CardPresentation {
    /// Pixels per module of `card show --png`.
    static let pngModuleSize = 4

    /// The barcode drawn with Unicode blocks, quiet zones included, without a trailing newline;
    /// ``TerminalTooNarrow`` when it is wider than the terminal's `columns`.
    static func terminalBarcode(_ card: Card, format: Symbology, columns: Int) throws -> String {
        let matrix = try card.barcode(as: format)
        try TerminalTooNarrow.check(matrix, columns: columns, pngOption: "--png FILE.png")
        var text = matrix.terminalRendering(colored: TerminalColors.enabled())
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Writes the card's barcode (encoding `barcodeValue` when set) to `path` atomically.
    static func writePNG(_ card: Card, to path: String, reference: String) throws {
        guard let format = card.format else { throw CLIError.noBarcode(store: card.store, reference: reference) }
        let png = try card.barcode(as: format).png(moduleSize: pngModuleSize)
        try AtomicFile.write(png, to: path, permissions: 0o644)
    }

    /// Writes the card's one-page PDF ticket to `path` atomically; a card without a barcode gets
    /// its number in large type instead.
    static func writePDF(_ card: Card, to path: String) throws {
        let barcode = try card.format.map { try card.barcode(as: $0) }
        let pdf = try CardTicket.pdf(for: card, barcode: barcode)
        try AtomicFile.write([UInt8](pdf), to: path, permissions: 0o644)
    }
}
