import Barcodes

/// Where a card's name and barcode go inside its tile, in device pixels: the name on top, the
/// barcode in the space under it (a linear code's plate spans the tile's full width, so no side
/// inset costs it a module size), or a squarish 2D code beside the name in a wide tile.
/// Rectangles `reserved` for widget buttons stay clear: the name ends left of them, a squarish
/// code beside the name ends left of them, and the space under the name starts below them.
/// The drawer and ``FullWidthRowPlanner`` both place codes through it.
struct CardTileGeometry {
    /// The tile, in device pixels.
    let tile: Rect
    /// The tile's padding in pixels (whole).
    let pad: Double
    /// The name line's height in pixels.
    let nameHeight: Double
    /// Button rectangles (device pixels) inside the tile that nothing may overlap.
    let reserved: [Rect]

    /// A barcode's place: its fit, and whether it sits beside the name (else under it).
    struct Placement {
        let fit: BarcodeFit
        let besideName: Bool
    }

    init(tile: Rect, style: TileStyle, scale: Int, nameHeight: Double, reserved: [Rect] = []) {
        self.tile = tile
        pad = (style.padding * Double(scale)).rounded()
        self.nameHeight = nameHeight
        self.reserved = reserved.filter { $0.intersects(tile) }
    }

    /// The right edge content keeps to: half a pad left of the leftmost button, else of the tile's edge.
    private var contentRight: Double { (reserved.map(\.x).min() ?? tile.maxX) - pad / 2 }

    /// The geometry with text heights estimated from font sizes (no fonts or canvas needed).
    static func estimated(tile: Rect, style: TileStyle, scale: Int) -> Estimated {
        let nameHeight = TileStyle.estimatedNameHeight(pixelSize: style.nameSize * Double(scale))
        return Estimated(geometry: CardTileGeometry(tile: tile, style: style, scale: scale, nameHeight: nameHeight), scale: scale)
    }

    /// A geometry whose number line heights are estimated too.
    struct Estimated {
        let geometry: CardTileGeometry
        let scale: Int

        /// ``CardTileGeometry/place(_:textHeight:)`` with the number line's height estimated.
        func place(_ symbol: BarcodeMatrix) -> Placement? {
            geometry.place(symbol) { TileStyle.estimatedDigitsHeight(module: $0, scale: scale) }
        }
    }

    /// The name's line at the top of the tile, left of any buttons.
    var nameRect: Rect {
        let width = min(tile.width - 2 * pad, contentRight - (tile.x + pad))
        return Rect(x: tile.x + pad, y: tile.y + pad, width: max(0, width), height: nameHeight)
    }

    /// The space under the name (and under any buttons): full tile width for a linear code, inset
    /// by half a pad for 2D codes.
    func spaceBelowName(linear: Bool) -> Rect {
        let top = max(nameRect.maxY, reserved.map(\.maxY).max() ?? 0) + pad / 2
        let inset = linear ? 0 : pad / 2
        return Rect(x: tile.x + inset, y: top, width: tile.width - 2 * inset, height: max(0, tile.maxY - pad / 2 - top))
    }

    /// Where `symbol` goes: beside the name when it is squarish and the tile wide, else under the
    /// name; nil when it fits nowhere at ``BarcodeFit/minimumModule``. `textHeight` gives the
    /// number line's pixel height under a linear code for a module size.
    func place(_ symbol: BarcodeMatrix, textHeight: (Int) -> Int) -> Placement? {
        if Self.isSquarish(symbol.symbology), tile.width > 1.5 * tile.height {
            let side = Rect(
                x: tile.x + tile.width * 0.4, y: tile.y + pad / 2,
                width: contentRight - (tile.x + tile.width * 0.4), height: tile.height - pad)
            if let fit = BarcodeFit.fit(symbol, in: side, textHeight: textHeight) {
                return Placement(fit: fit, besideName: true)
            }
        }
        return BarcodeFit.fit(symbol, in: spaceBelowName(linear: symbol.isLinear), textHeight: textHeight)
            .map { Placement(fit: $0, besideName: false) }
    }

    /// Codes about as tall as wide, which sit beside the name in a wide tile.
    static func isSquarish(_ symbology: Symbology) -> Bool {
        symbology == .qr || symbology == .aztec || symbology == .dataMatrix
    }
}
