import Barcodes
import Foundation
import WalletCore

/// A card as a PNG to show at a till or print (`wallet card show --png`), drawn like the card
/// and its PDF ticket: a band of the card's color with its logo (or its name) on top, then the
/// code at a whole number of pixels per module on white, its quiet zones kept (a 2D code at
/// least `codeShare` of the label's width), and under it the number (and the store when the
/// band shows a logo). A card without a barcode gets its number in large type where the code
/// would be, as on its PDF ticket.
public enum CardLabel {
    /// Text sizes are set for this many pixels per point.
    static let scale = 2
    /// The narrowest label: room for a store name under a small QR code.
    static let minimumWidth = 320
    /// The widest the label grows for its texts: the number is shown whole up to this, a
    /// longer store name is ellipsized at ``storeWidth``.
    static let numberWidth = 2400, storeWidth = 640
    /// White space under the code, between the lines and at the bottom, in pixels.
    static let gap = 8
    /// The band of the card's color at the top, in pixels.
    static let bandHeight = 64
    /// The least share of ``minimumWidth`` a 2D code takes: the code, not the text, is the label.
    static let codeShare = 0.85

    /// The label of `card`, whose encoded symbol is `barcode` (nil: the number in large type),
    /// at `moduleSize` pixels per module at least; `logo` its logo PNG (card art), drawn on the band.
    public static func png(
        for card: Card, barcode: BarcodeMatrix?, moduleSize: Int, logo: Data? = nil
    ) throws(RenderError) -> Data {
        let logo = logo.flatMap(CairoImage.init(png:))
        let number = TextStyle(
            family: Theme.numberFamily, weight: .medium, pixelSize: Double(12 * scale), color: .ink, alignment: .center,
            tabularFigures: true, background: .white)
        let store = TextStyle(
            weight: .semibold, pixelSize: Double(13 * scale), color: .ink, alignment: .center, background: .white)
        let large = TextStyle(
            family: Theme.numberFamily, weight: .bold, pixelSize: Double(28 * scale), color: .ink, alignment: .center,
            tabularFigures: true, background: .white)
        // The lines' heights need a text painter, which needs a canvas: measure on a 1x1 one.
        let measured = try TextPainter(canvas: Canvas(width: 1, height: 1), scale: Double(scale))
        let textWidth = { (text: String, style: TextStyle, limit: Int) in
            min(Int(measured.width(of: text, style: style).rounded(.up)) + 2 * gap, limit)
        }
        guard let barcode else {
            let width = max(minimumWidth, textWidth(card.code, large, numberWidth), textWidth(card.store, store, storeWidth))
            let top = Int(measured.lineHeight(large).rounded(.up)) + 2 * gap
            return try draw(card, width: width, top: top, store: store, logo: logo) { _, text, y in
                text.draw(
                    card.code,
                    in: Rect(
                        x: Double(gap), y: y + Double(gap), width: Double(width - 2 * gap),
                        height: measured.lineHeight(large).rounded(.up)), style: large)
            }
        }
        // A 2D code grows to ``codeShare`` of the narrowest label; a linear one keeps its modules.
        let moduleSize =
            barcode.isLinear
            ? moduleSize : max(moduleSize, Int(Double(minimumWidth) * codeShare) / max(1, barcode.totalWidth))
        // BarcodeFit's room for a linear code: bars 0.4 of its width, padding, the number line.
        let codeWidth = barcode.totalWidth * moduleSize
        let codeHeight =
            barcode.isLinear
            ? Int(0.4 * Double(codeWidth)) + 4 * moduleSize
                + BarcodePainter.digitsHeight(scale: scale, text: measured)(moduleSize)
            : (barcode.height + barcode.quietZone.top + barcode.quietZone.bottom) * moduleSize
        let width = max(
            codeWidth, minimumWidth, textWidth(card.code, number, numberWidth), textWidth(card.store, store, storeWidth))
        let numberHeight = barcode.isLinear ? 0 : Int(measured.lineHeight(number).rounded(.up))
        let top = codeHeight + gap + numberHeight + (numberHeight > 0 ? gap : 0)
        return try draw(card, width: width, top: top, store: store, logo: logo) { (canvas, text, y) throws(RenderError) in
            let space = Rect(
                x: Double((width - codeWidth) / 2), y: y, width: Double(codeWidth), height: Double(codeHeight))
            guard let fit = BarcodePainter.fit(barcode, in: space, scale: scale, text: text) else {
                throw .drawingFailed(status: 0, message: "the \(barcode.symbology.rawValue) code does not fit its label")
            }
            // A linear code's number is printed under its bars by the painter; a 2D code's here.
            BarcodePainter.draw(barcode, fit: fit, printed: card.code, scale: scale, canvas: canvas, text: text)
            if numberHeight > 0 {
                text.draw(
                    card.code,
                    in: Rect(
                        x: Double(gap), y: y + Double(codeHeight + gap), width: Double(width - 2 * gap),
                        height: Double(numberHeight)), style: number)
            }
        }
    }

    /// A label `width` pixels wide: the band of the card's color with its logo, else its name;
    /// under it, on white, `drawCode` draws `top` pixels from the `y` it is given; the store's
    /// line follows when the band shows a logo.
    private static func draw(
        _ card: Card, width: Int, top: Int, store: TextStyle, logo: CairoImage?,
        drawCode: (Canvas, TextPainter, Double) throws(RenderError) -> Void
    ) throws(RenderError) -> Data {
        let measured = try TextPainter(canvas: Canvas(width: 1, height: 1), scale: Double(scale))
        let storeHeight = logo == nil ? 0 : Int(measured.lineHeight(store).rounded(.up))
        let height = bandHeight + gap + top + storeHeight + 2 * gap
        let canvas = try Canvas(width: width, height: height)
        let text = try TextPainter(canvas: canvas, scale: Double(scale))
        canvas.fillSharpRects([Rect(x: 0, y: 0, width: Double(width), height: Double(height))], color: .white)
        let brand = RGBColor(hex: card.color) ?? .fallbackCard
        let band = Rect(x: 0, y: 0, width: Double(width), height: Double(bandHeight))
        canvas.fillSharpRects([band], color: brand)
        let inset = Double(gap)
        let inner = Rect(x: inset, y: inset, width: band.width - 2 * inset, height: band.height - 2 * inset)
        if let logo {
            logo.draw(in: logo.fitted(in: inner, centred: true), on: canvas)
        } else {
            let ink = brand.readableText()
            let name = TextStyle(
                weight: .semibold, pixelSize: Double(15 * scale), color: ink, alignment: .center, centeredVertically: true,
                background: brand)
            text.draw(card.store, in: inner, style: name)
        }
        try drawCode(canvas, text, Double(bandHeight + gap))
        if logo != nil {
            text.draw(
                card.store,
                in: Rect(
                    x: Double(gap), y: Double(bandHeight + gap + top), width: Double(width - 2 * gap),
                    height: Double(storeHeight)), style: store)
        }
        try canvas.checkStatus()
        return try SnapshotEncoding.png(WidgetRenderer.pixels(of: canvas))
    }
}
