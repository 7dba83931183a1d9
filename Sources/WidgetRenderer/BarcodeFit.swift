import Barcodes

/// Where a barcode goes inside the space a tile offers, in whole device pixels: the largest
/// integer module size (at least ``minimumModule``) at which the symbol, its quiet zones and,
/// for linear codes, bars of a scannable height (``barRatio``, else ``shortBarRatio``) and the
/// printed number fit. A 2D code's plate is
/// the symbol and its standard quiet zone; a linear code's plate spans the whole space's width.
struct BarcodeFit: Equatable {
    /// The smallest module a phone camera resolves on a screen, from close range.
    static let minimumModule = 2
    /// The smallest module that leaves a camera margin (downscale, blur, tilt); below it the
    /// renderer notes "close range only".
    static let comfortableModule = 3

    /// The height of a linear code's bars, as a share of its width (quiet zones included), that
    /// the standards ask for (15 %: a laser line crossing at an angle still meets every bar).
    static let barRatio = 0.15
    /// The shortest bars accepted, as a share of the width: a camera or imager reads a code from
    /// a band of rows, so shorter bars still read (zxing-cpp and zbar check every snapshot);
    /// taken only where the standard height would cost the module size (a 17-character Code 39
    /// in a full-width row of a medium widget).
    static let shortBarRatio = 0.10

    /// Pixels per module.
    let module: Int
    /// The white plate: symbol plus quiet zones (plus the number line under a linear code).
    let plate: Rect
    /// Top-left pixel of the first module.
    let origin: (x: Int, y: Int)
    /// Pixel height of one matrix row (bars of a linear code; a module or more for 2D codes).
    let rowHeight: Int
    /// The printed number's line under a linear code; nil for 2D codes.
    let textLine: Rect?

    static func == (lhs: BarcodeFit, rhs: BarcodeFit) -> Bool {
        lhs.module == rhs.module && lhs.plate == rhs.plate && lhs.origin == rhs.origin
            && lhs.rowHeight == rhs.rowHeight && lhs.textLine == rhs.textLine
    }

    /// Fits `matrix` (square modules; PDF417 rows come repeated to their height) into `space`
    /// (whole pixels). `textHeight` gives the number line's pixel height for a module size.
    /// Nil when even the minimum module does not fit.
    static func fit(_ matrix: BarcodeMatrix, in space: Rect, textHeight: (Int) -> Int) -> BarcodeFit? {
        let quiet = matrix.quietZone
        let columns = matrix.totalWidth
        let widest = Int(space.width) / columns
        guard widest >= minimumModule else { return nil }
        if !matrix.isLinear {
            let rows = matrix.height + quiet.top + quiet.bottom
            let module = min(widest, Int(space.height) / rows)
            guard module >= minimumModule else { return nil }
            // PDF417 rows may be taller than 3X; up to twice as tall reads more reliably when there is room.
            let stretch =
                matrix.symbology == .pdf417
                ? max(1, min(2, (Int(space.height) / module - rows + matrix.height) / matrix.height)) : 1
            let tall = rows + matrix.height * (stretch - 1)
            let plate = centered(width: columns * module, height: tall * module, in: space)
            return BarcodeFit(
                module: module, plate: plate,
                origin: (Int(plate.x) + quiet.left * module, Int(plate.y) + quiet.top * module),
                rowHeight: module * stretch, textLine: nil)
        }
        // A comfortable module with short bars beats a smaller module with tall ones.
        let comfortable = widest >= comfortableModule ? Array(stride(from: widest, through: comfortableModule, by: -1)) : []
        let small = Array(stride(from: min(widest, comfortableModule - 1), through: minimumModule, by: -1))
        let tries = [(comfortable, barRatio), (comfortable, shortBarRatio), (small, barRatio), (small, shortBarRatio)]
            .flatMap { modules, ratio in modules.map { ($0, ratio) } }
        for (module, ratio) in tries {
            let width = columns * module
            let padding = 2 * module
            let text = textHeight(module)
            let room = Int(space.height) - 2 * padding - text
            let minimumBars = max(Int((ratio * Double(width)).rounded(.up)), 10 * module)
            guard room >= minimumBars else { continue }
            let bars = min(room, Int(0.4 * Double(width)))
            let plate = centered(width: Int(space.width), height: bars + text + 2 * padding, in: space)
            let top = Int(plate.y) + padding
            let left = Int(plate.x) + (Int(plate.width) - width) / 2
            return BarcodeFit(
                module: module, plate: plate, origin: (left + quiet.left * module, top),
                rowHeight: bars,
                textLine: Rect(x: plate.x, y: Double(top + bars), width: plate.width, height: Double(text + padding)))
        }
        return nil
    }

    /// A `width` x `height` rectangle centred in `space`, on whole pixels.
    private static func centered(width: Int, height: Int, in space: Rect) -> Rect {
        let x = (space.x + (space.width - Double(width)) / 2).rounded(.down)
        let y = (space.y + (space.height - Double(height)) / 2).rounded(.down)
        return Rect(x: x, y: y, width: Double(width), height: Double(height))
    }
}

extension BarcodeFit {
    /// The same fit on another plate (a linear code's plate grown to the whole tile body).
    func moved(plate: Rect) -> BarcodeFit {
        BarcodeFit(
            module: module, plate: plate, origin: origin, rowHeight: rowHeight,
            textLine: textLine.map {
                Rect(x: plate.x, y: $0.y, width: plate.width, height: $0.height)
            })
    }

    /// The whole fit moved `x` pixels (whole) to the right.
    func shifted(x: Double) -> BarcodeFit {
        BarcodeFit(
            module: module, plate: Rect(x: plate.x + x, y: plate.y, width: plate.width, height: plate.height),
            origin: (origin.x + Int(x), origin.y), rowHeight: rowHeight,
            textLine: textLine.map { Rect(x: $0.x + x, y: $0.y, width: $0.width, height: $0.height) })
    }
}
