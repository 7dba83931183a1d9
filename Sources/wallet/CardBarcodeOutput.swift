import Foundation
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
        var text = matrix.terminalRendering(colors: TerminalStyle.stdoutColors)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Card files are the wallet's data: private to their owner, like exports.
    static let filePermissions: UInt32 = 0o600

    /// The card's label (its color band with `logo` or its name, its barcode encoding
    /// `barcodeValue` when set, the number; a card without a barcode: its number in large
    /// type): ``CardLabel``.
    static func labelPNG(_ card: Card, logo: Data? = nil) throws -> [UInt8] {
        let barcode = try card.format.map { try card.barcode(as: $0) }
        return [UInt8](try CardLabel.png(for: card, barcode: barcode, moduleSize: pngModuleSize, logo: logo))
    }

    /// `card` in the color it is shown in everywhere (`WalletColors`, assigned over the whole
    /// wallet `reader` reads): what its label, ticket and window draw, as its widget tiles do.
    static func inWalletColor(_ card: Card, reader: any CardReading) throws -> Card {
        WalletColors(try reader.cards(includeArchived: true)).shown(card)
    }

    /// The card's one-page PDF ticket; a card without a barcode gets its number in large type
    /// instead; a card with a logo gets it at the top.
    static func ticketPDF(_ card: Card, logo: Data? = nil) throws -> [UInt8] {
        let barcode = try card.format.map { try card.barcode(as: $0) }
        return [UInt8](try CardTicket.pdf(for: card, barcode: barcode, logo: logo))
    }
}
