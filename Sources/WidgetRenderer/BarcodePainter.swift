import Barcodes

/// Draws a fitted barcode: the white plate, the dark modules as runs of bars on whole units,
/// and under a linear code its printed number. Used by widget tiles and by the PDF ticket.
enum BarcodePainter {
    /// Where `symbol` goes in `space`, its number line sized for `scale` units per point.
    static func fit(_ symbol: BarcodeMatrix, in space: Rect, scale: Int, text: TextPainter) -> BarcodeFit? {
        BarcodeFit.fit(symbol, in: space, textHeight: digitsHeight(scale: scale, text: text))
    }

    /// The printed number's line height under a linear code, for a module size.
    static func digitsHeight(scale: Int, text: TextPainter) -> (Int) -> Int {
        { module in
            let digits = TextStyle(family: "Monospace", pixelSize: TileStyle.digitsPixelSize(module: module, scale: scale), color: .black)
            return Int(text.lineHeight(digits).rounded(.up))
        }
    }

    static func draw(_ symbol: BarcodeMatrix, fit: BarcodeFit, printed: String, scale: Int, canvas: Canvas, text: TextPainter) {
        canvas.fillSharpRects([fit.plate], color: .white)
        var bars: [Rect] = []
        let module = Double(fit.module)
        for row in 0..<symbol.height {
            var column = 0
            while column < symbol.width {
                guard symbol[column, row] else {
                    column += 1
                    continue
                }
                let start = column
                while column < symbol.width, symbol[column, row] { column += 1 }
                bars.append(Rect(
                    x: Double(fit.origin.x) + Double(start) * module, y: Double(fit.origin.y + row * fit.rowHeight),
                    width: Double(column - start) * module, height: Double(fit.rowHeight)))
            }
        }
        canvas.fillSharpRects(bars, color: .black)
        if let line = fit.textLine {
            let digits = TextStyle(
                family: "Monospace", pixelSize: TileStyle.digitsPixelSize(module: fit.module, scale: scale),
                color: .black, alignment: .center)
            text.draw(printed, in: line, style: digits)
        }
    }
}
