import Barcodes

/// Where a card's parts go inside its tile, in device pixels. One design for every code: a
/// header band in the card's color (logo or name, the card's state, buttons), then the body,
/// where the code sits on its white plate.
/// - A linear code (and PDF417) takes the body's whole width, so no inset costs it a module
///   size; its white plate is the whole body, down to the tile's rounded corners.
/// - A squarish 2D code in a wide body sits at the body's right, as tall as the body, on a
///   rounded white plate, the card's information in a column beside it; in a narrow body it is
///   centred.
/// Buttons (``reserved``) stay clear: the header's text ends left of them. The drawer and
/// ``FullWidthRowPlanner`` both place codes through it.
struct CardTileGeometry {
    /// The tile, in device pixels.
    let tile: Rect
    /// The family's sizes.
    let metrics: Theme.Tile
    /// Device pixels per point.
    let scale: Double
    /// Button rectangles (device pixels) inside the tile that nothing may overlap.
    let reserved: [Rect]

    /// A barcode's place: its fit, and whether it sits beside the information column.
    struct Placement {
        let fit: BarcodeFit
        let besideInfo: Bool
        /// The code placed (for the information column's width at other scales).
        var symbol: BarcodeMatrix?
    }

    /// The narrowest information column (points) a 2D code sits beside.
    static let narrowestInfoColumn = 60.0

    /// The scales widgets are drawn at on phones.
    static let drawnScales = [2, 3]

    /// The tile in points, unrounded: text columns are measured from it, so they are the same
    /// width at every scale.
    let points: Rect

    /// `points` defaults to the pixel tile divided by the scale.
    init(tile: Rect, metrics: Theme.Tile, scale: Int, reserved: [Rect] = [], points: Rect? = nil) {
        self.tile = tile
        self.points =
            points
            ?? Rect(
                x: tile.x / Double(scale), y: tile.y / Double(scale), width: tile.width / Double(scale),
                height: tile.height / Double(scale))
        self.metrics = metrics
        self.scale = Double(scale)
        self.reserved = reserved.filter { $0.intersects(tile) }
    }

    /// The tile's padding in whole pixels.
    var pad: Double { (metrics.padding * scale).rounded() }

    /// The colored band at the top.
    var header: Rect {
        Rect(x: tile.x, y: tile.y, width: tile.width, height: min(tile.height, (metrics.headerHeight * scale).rounded()))
    }

    /// Everything under the header.
    var body: Rect {
        Rect(x: tile.x, y: header.maxY, width: tile.width, height: max(0, tile.maxY - header.maxY))
    }

    /// The header's text area: inside the padding, ending half a pad left of any button.
    var headerContent: Rect {
        let right = (reserved.map(\.x).min().map { $0 - pad / 2 } ?? tile.maxX - pad)
        return Rect(x: tile.x + pad, y: header.y, width: max(0, right - (tile.x + pad)), height: header.height)
    }

    /// Space between a 2D plate and the body's edges, in whole pixels.
    private var inset: Double { (Theme.gutter / 2 * scale).rounded() }

    /// Where `symbol` goes, nil when it fits nowhere at ``BarcodeFit/minimumModule``.
    /// `textHeight` gives the number line's pixel height under a linear code for a module size.
    func place(_ symbol: BarcodeMatrix, textHeight: (Int) -> Int) -> Placement? {
        if !Self.isSquarish(symbol.symbology) {
            guard let fit = BarcodeFit.fit(symbol, in: body, textHeight: textHeight) else { return nil }
            // The white plate is the whole body: no strip of another color under or beside it.
            let plate = symbol.isLinear ? body : fit.plate
            return Placement(fit: fit.moved(plate: plate), besideInfo: false)
        }
        if body.width > 1.6 * body.height {
            // The plate takes the body's height at its right edge: in a 2 x 2 medium widget that
            // is what gives a QR code 3 px per module at scale 2.
            // It ends a corner radius left of the tile's edge, where the bottom corner's arc
            // starts: the tile's clip never cuts into a quiet zone (Data Matrix keeps one module),
            // and the full height stays the code's (width is not what limits a square code here).
            let corner = (metrics.cornerRadius * scale).rounded(.up)
            let column = Rect(x: body.x + body.width * 0.4, y: body.y, width: body.width * 0.6 - corner, height: body.height)
            if let fit = BarcodeFit.fit(symbol, in: column, textHeight: textHeight) {
                let placed = fit.shifted(x: (column.maxX - fit.plate.maxX).rounded(.down))
                // Beside a column too narrow for a number (a tile a third of the widget wide),
                // the code is centred alone.
                let room = (placed.plate.x - tile.x) / scale - metrics.padding - Theme.gutter
                if room >= Self.narrowestInfoColumn { return Placement(fit: placed, besideInfo: true, symbol: symbol) }
            }
        }
        return BarcodeFit.fit(symbol, in: body.insetBy(inset), textHeight: textHeight).map {
            Placement(fit: $0, besideInfo: false)
        }
    }

    /// The information column left of a 2D code placed beside it (or the body under the header
    /// when no code is drawn).
    func infoColumn(beside placement: Placement?) -> Rect {
        let top = body.y + inset
        guard let placement, placement.besideInfo else {
            return Rect(x: tile.x + pad, y: top, width: tile.width - 2 * pad, height: max(0, body.maxY - inset - top))
        }
        // Left of the plate at its widest in points over the scales drawn (whole-pixel modules
        // make it a little wider or narrower at each): the column is the same at every scale.
        let leftmost =
            Self.drawnScales.compactMap { other -> Double? in
                guard let symbol = placement.symbol else { return nil }
                let geometry = CardTileGeometry(tile: points.scaled(by: other), metrics: metrics, scale: other, points: points)
                return geometry.place(symbol) { _ in 0 }.map { $0.fit.plate.x / Double(other) }
            }.min() ?? placement.fit.plate.x / scale
        let width = leftmost - Theme.gutter - (points.x + metrics.padding)
        return Rect(
            x: tile.x + pad, y: top, width: max(0, min(width * scale, placement.fit.plate.x - tile.x - pad)),
            height: max(0, body.maxY - inset - top))
    }

    /// Codes about as tall as wide, which sit beside the information in a wide tile.
    static func isSquarish(_ symbology: Symbology) -> Bool {
        symbology == .qr || symbology == .aztec || symbology == .dataMatrix
    }

    /// The geometry with the printed number's height estimated from its font size (no fonts or
    /// canvas needed), for the planner.
    static func estimatedPlace(_ symbol: BarcodeMatrix, tile: Rect, metrics: Theme.Tile, scale: Int) -> Placement? {
        CardTileGeometry(tile: tile, metrics: metrics, scale: scale)
            .place(symbol) { _ in estimatedDigitsHeight(scale: scale) }
    }

    /// The printed number line's height (1.21 em as Pango sets Inter, rounded up generously)
    /// estimated without a canvas; checked against Pango by TextEstimateTests.
    static func estimatedDigitsHeight(scale: Int) -> Int {
        Int((Theme.digitsSize * Double(scale) * 1.3).rounded(.up))
    }
}
