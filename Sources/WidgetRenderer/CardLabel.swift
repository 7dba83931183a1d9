import Barcodes
import Foundation
import WalletCore

/// A card's barcode as a PNG to show at a till or print (`wallet card show --png`): the code at a
/// whole number of pixels per module on white, its quiet zones kept, and under it the number
/// and the store, so the picture says which card it is. A card without a barcode gets its number
/// in large type where the code would be, as on its PDF ticket.
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

    /// The label of `card`, whose encoded symbol is `barcode` (nil: the number in large type),
    /// at `moduleSize` pixels per module.
    public static func png(for card: Card, barcode: BarcodeMatrix?, moduleSize: Int) throws(RenderError) -> Data {
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
            return try draw(card, width: width, top: Int(measured.lineHeight(large).rounded(.up)) + 2 * gap, store: store) {
                _, text in
                text.draw(
                    card.code,
                    in: Rect(
                        x: Double(gap), y: Double(gap), width: Double(width - 2 * gap),
                        height: measured.lineHeight(large).rounded(.up)), style: large)
            }
        }
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
        return try draw(card, width: width, top: top, store: store) { (canvas, text) throws(RenderError) in
            let space = Rect(
                x: Double((width - codeWidth) / 2), y: 0, width: Double(codeWidth), height: Double(codeHeight))
            guard let fit = BarcodePainter.fit(barcode, in: space, scale: scale, text: text) else {
                throw .drawingFailed(status: 0, message: "the \(barcode.symbology.rawValue) code does not fit its label")
            }
            // A linear code's number is printed under its bars by the painter; a 2D code's here.
            BarcodePainter.draw(barcode, fit: fit, printed: card.code, scale: scale, canvas: canvas, text: text)
            if numberHeight > 0 {
                text.draw(
                    card.code,
                    in: Rect(
                        x: Double(gap), y: Double(codeHeight + gap), width: Double(width - 2 * gap),
                        height: Double(numberHeight)), style: number)
            }
        }
    }

    /// A white label `width` pixels wide: `drawCode` draws what is above `top`, the store's
    /// line goes under it.
    private static func draw(
        _ card: Card, width: Int, top: Int, store: TextStyle,
        drawCode: (Canvas, TextPainter) throws(RenderError) -> Void
    ) throws(RenderError) -> Data {
        let measured = try TextPainter(canvas: Canvas(width: 1, height: 1), scale: Double(scale))
        let storeHeight = Int(measured.lineHeight(store).rounded(.up))
        let height = top + storeHeight + 2 * gap
        let canvas = try Canvas(width: width, height: height)
        let text = try TextPainter(canvas: canvas, scale: Double(scale))
        canvas.fillSharpRects([Rect(x: 0, y: 0, width: Double(width), height: Double(height))], color: .white)
        try drawCode(canvas, text)
        text.draw(
            card.store, in: Rect(x: Double(gap), y: Double(top), width: Double(width - 2 * gap), height: Double(storeHeight)),
            style: store)
        try canvas.checkStatus()
        return try SnapshotEncoding.png(WidgetRenderer.pixels(of: canvas))
    }
}
