import Barcodes

/// Draws a fitted barcode: the white plate, the dark modules as runs of bars on whole units,
/// and under a linear code its printed number. Used by widget tiles and by the PDF ticket.
enum BarcodePainter {
    /// Where `symbol` goes in `space`, its number line sized for `scale` units per point.
    static func fit(_ symbol: BarcodeMatrix, in space: Rect, scale: Int, text: TextPainter) -> BarcodeFit? {
        BarcodeFit.fit(symbol, in: space, textHeight: digitsHeight(scale: scale, text: text))
    }

    /// The style of the number printed under a linear code.
    static func digitsStyle(scale: Int) -> TextStyle {
        TextStyle(
            family: Theme.numberFamily, weight: .medium, pixelSize: Theme.digitsSize * Double(scale), color: .ink,
            alignment: .center, tabularFigures: true, background: .white)
    }

    /// The printed number's line height under a linear code, for a module size.
    static func digitsHeight(scale: Int, text: TextPainter) -> (Int) -> Int {
        let height = Int(text.lineHeight(digitsStyle(scale: scale)).rounded(.up))
        return { _ in height }
    }

    /// Draws the plate (rounded by `radius` pixels for a 2D code, square-cornered otherwise), the
    /// modules and, when `printed` is given, the number under a linear code.
    static func draw(
        _ symbol: BarcodeMatrix, fit: BarcodeFit, printed: String?, scale: Int, canvas: Canvas, text: TextPainter,
        radius: Double = 0
    ) {
        if radius > 0 {
            canvas.fillRoundedRect(fit.plate, radius: radius, color: .white)
        } else {
            canvas.fillSharpRects([fit.plate], color: .white)
        }
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
                bars.append(
                    Rect(
                        x: Double(fit.origin.x) + Double(start) * module, y: Double(fit.origin.y + row * fit.rowHeight),
                        width: Double(column - start) * module, height: Double(fit.rowHeight)))
            }
        }
        canvas.fillSharpRects(bars, color: .black)
        text.recorder?.code(symbol, fit: fit)
        if let line = fit.textLine, let printed {
            text.draw(printed, in: line, style: digitsStyle(scale: scale))
        }
    }
}
