import Barcodes
import Foundation
import WalletCore

/// A card as a one-page PDF ticket, for document-based lock screens such as Phosh's ticket box:
/// the card's color strip, its logo on a band of its color (when it has one), the store, the barcode as large as the page allows (vector bars on
/// quarter-point units, its quiet zones on a white plate) and the number, then balance, expiry
/// and note. A6 portrait; a code too long for A6 widens the page rather than shrinking its
/// modules below `minimumModule`.
public enum CardTicket {
    /// A6: 105 x 148 mm in PDF points.
    static let pageWidth = 298.0
    static let pageHeight = 420.0
    /// Drawing units per point: barcode modules are whole units, so a module can be 0.5 pt.
    static let unitsPerPoint = 4
    static let margin = 20.0
    /// The narrowest module the page keeps, in points (0.35 mm: what a laser printer and a
    /// phone camera both resolve).
    static let minimumModule = 1.0

    /// The most detail lines under the number (balance, expiry, the note's first lines).
    static let maximumDetails = 6
    /// The number's type (``NumberFit``): this size when it fits the column on one line, else
    /// smaller down to the floor, else two lines split at a space or hyphen; never cut.
    static let numberSizes = (largest: 16.0, floor: 10.0)

    /// The logo's box at the top of the page (points): Apple's pass logo area.
    static let logoSize = (width: 160.0, height: 50.0)

    /// The ticket for `card`; `barcode` is its encoded symbol (nil: the number is shown large);
    /// `logo` its logo PNG (card art), drawn above the store name.
    public static func pdf(for card: Card, barcode: BarcodeMatrix?, logo: Data? = nil) throws(RenderError) -> Data {
        let units = Double(unitsPerPoint)
        // BarcodeFit takes the widest whole-unit module that fits: at least `minimumModule` here.
        let neededWidth = barcode.map { Double($0.totalWidth) * minimumModule + 2 * margin } ?? 0
        let width = max(pageWidth, neededWidth.rounded(.up))
        return try PDFPage.render(width: width, height: pageHeight, unitsPerPoint: unitsPerPoint) {
            (canvas) throws(RenderError) in
            try draw(
                card, barcode: barcode, logo: logo.flatMap(CairoImage.init(png:)), on: canvas, width: width * units,
                height: pageHeight * units)
        }
    }

    private static func draw(
        _ card: Card, barcode: BarcodeMatrix?, logo: CairoImage?, on canvas: Canvas, width: Double, height: Double
    ) throws(RenderError) {
        let units = Double(unitsPerPoint)
        let text = try TextPainter(canvas: canvas, scale: units)
        let inset = margin * units
        let column = width - 2 * inset
        canvas.fillSharpRects([Rect(x: 0, y: 0, width: width, height: height)], color: .white)
        let strip = Rect(x: 0, y: 0, width: width, height: 14 * units)
        canvas.fillSharpRects([strip], color: RGBColor(hex: card.color) ?? .fallbackCard)

        let storeStyle = TextStyle(weight: .semibold, pixelSize: 20 * units, color: .ink, alignment: .center, maxLines: 2)
        var storeTop = strip.maxY + 14 * units
        if let logo {
            // On white: a logo made for the card's color may be light, so it sits on a band of it.
            let box = Rect(
                x: (width - logoSize.width * units) / 2, y: storeTop, width: logoSize.width * units,
                height: logoSize.height * units)
            let band = Rect(x: inset, y: box.y - 4 * units, width: column, height: box.height + 8 * units)
            canvas.fillRoundedRect(band, radius: 8 * units, color: RGBColor(hex: card.color) ?? .fallbackCard)
            logo.draw(in: logo.fitted(in: box, centred: true), on: canvas)
            storeTop = band.maxY + 10 * units
        }
        let storeHeight = text.lineHeight(storeStyle, lines: 2)
        text.draw(card.store, in: Rect(x: inset, y: storeTop, width: column, height: storeHeight), style: storeStyle)

        let (numberStyle, numberLines) = numberFit(card.code, width: column, text: text)
        let numberLineHeight = text.lineHeight(numberStyle)
        let numberHeight = numberLineHeight * Double(numberLines.count)
        // One field a line: "Balance: ...", "Expires: ...", then the note's lines.
        let details = Array(card.detailLines.flatMap { $0.split(separator: "\n").map(String.init) }.prefix(maximumDetails))
        let detailStyle = TextStyle(pixelSize: 10 * units, color: .ink, alignment: .center)
        let detailLineHeight = text.lineHeight(detailStyle)
        let detailHeight = detailLineHeight * Double(details.count)
        let bottom = height - inset - detailHeight
        let numberTop = bottom - numberHeight - 8 * units
        let space = Rect(
            x: inset, y: storeTop + storeHeight + 10 * units, width: column,
            height: numberTop - 10 * units - (storeTop + storeHeight + 10 * units))
        if let barcode, let fit = BarcodePainter.fit(barcode, in: space, scale: unitsPerPoint, text: text) {
            // The number is printed once, in its own line below: not again under the bars.
            BarcodePainter.draw(barcode, fit: fit, printed: nil, scale: unitsPerPoint, canvas: canvas, text: text)
        } else {
            let large = TextStyle(
                family: Theme.numberFamily, weight: .bold, pixelSize: 28 * units, color: .ink, alignment: .center,
                maxLines: 4, centeredVertically: true, tabularFigures: true)
            text.draw(card.code, in: space, style: large)
        }
        for (index, line) in numberLines.enumerated() {
            let top = numberTop + Double(index) * numberLineHeight
            text.draw(line, in: Rect(x: inset, y: top, width: column, height: numberLineHeight), style: numberStyle)
        }
        for (index, line) in details.enumerated() {
            let top = bottom + Double(index) * detailLineHeight
            text.draw(line, in: Rect(x: inset, y: top, width: column, height: detailLineHeight), style: detailStyle)
        }
    }

    /// The number's style and lines in a column `width` pixels wide (``numberSizes``).
    private static func numberFit(_ number: String, width: Double, text: TextPainter) -> (TextStyle, [String]) {
        let style = { (size: Double) in
            TextStyle(
                family: Theme.numberFamily, weight: .medium, pixelSize: size * Double(unitsPerPoint), color: .ink,
                alignment: .center, tabularFigures: true)
        }
        let fit = NumberFit.fit(number, largest: numberSizes.largest, floor: numberSizes.floor, step: 1) { line, size in
            text.fits(line, width: width, style: style(size))
        }
        return (style(fit.size), fit.lines)
    }
}
