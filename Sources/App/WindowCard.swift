import Barcodes
import Foundation
import WalletCore

/// A card as the window shows it: texts, and its barcode as modules with the quiet zone included,
/// ready to draw at any whole number of pixels per module.
public struct WindowCard: Equatable, Sendable {
    public var store: String
    public var number: String
    /// Note, balance, expiry: one line each.
    public var details: [String]
    /// Modules per row, quiet zone included (0 when the card has no barcode).
    public var columns: Int
    /// Rows, quiet zone included; 1 for a linear code.
    public var rows: Int
    /// Row-major, quiet zone included, `true` = dark.
    public var modules: [Bool]
    /// Bar height in modules for a linear code (what `card show --png` draws).
    public var barHeightModules: Int
    /// 0xRRGGBB.
    public var color: UInt32
    public var favorite: Bool
    /// The card's logo as the wallet stored it (PNG), drawn on the band in its colour.
    public var logo: Data?

    /// The card with its barcode encoded; a barcode that cannot be encoded is named in the details.
    public init(_ card: Card, logo: CardImage? = nil) {
        self.logo = logo?.png
        store = card.store
        number = card.code
        favorite = card.favorite
        color = UInt32(card.color.dropFirst(), radix: 16) ?? 0x808080
        details = []
        (columns, rows, modules, barHeightModules) = (0, 0, [], 0)
        if let format = card.format {
            do {
                setBarcode(try card.barcode(as: format))
            } catch {
                details.append("The \(format.rawValue) barcode cannot be drawn (\(error)): show the number.")
            }
        } else {
            details.append("No barcode: show this number at the till.")
        }
        details += card.detailLines
    }

    /// The matrix padded with its format's quiet zone on every side.
    private mutating func setBarcode(_ matrix: BarcodeMatrix) {
        let zone = matrix.quietZone
        columns = matrix.totalWidth
        rows = matrix.isLinear ? 1 : matrix.height + zone.top + zone.bottom
        barHeightModules = matrix.isLinear ? matrix.defaultBarHeight(moduleSize: 1) : 0
        let top = matrix.isLinear ? 0 : zone.top
        modules = [Bool](repeating: false, count: columns * rows)
        for y in 0..<matrix.height {
            for x in 0..<matrix.width where matrix[x, y] {
                modules[(y + top) * columns + x + zone.left] = true
            }
        }
    }
}
