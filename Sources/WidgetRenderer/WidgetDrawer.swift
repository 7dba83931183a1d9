import Barcodes
import Foundation
import WalletCore
import WidgetEngine

/// Draws one timeline entry onto a canvas: background with the container's rounded corners,
/// then each slot's tile (card color, store name, barcode on a white plate or the number as
/// text), or the empty state. Collects notes about fallbacks and missing glyphs.
struct WidgetDrawer {
    let entry: TimelineEntry
    let layout: WidgetLayout
    let scale: Int
    let appearance: Appearance
    /// The barcode of a card: nil when it has none, a failure when its data is not encodable.
    let barcode: (Card) -> Result<BarcodeMatrix, BarcodeError>?
    /// Collects every barcode plate drawn (accented rendering leaves them untinted).
    var plates: PlateRecorder?
    /// Buttons' rectangles (device pixels): names and barcodes keep clear of them.
    var reserved: [Rect] = []

    private var s: Double { Double(scale) }

    func draw(on canvas: Canvas) throws(RenderError) -> [RenderNote] {
        let text = try TextPainter(canvas: canvas)
        var notes: [RenderNote] = []
        let bounds = layout.bounds.scaledToWholeUnits(s)
        canvas.clipped(to: bounds, radius: WidgetLayout.cornerRadius * s) {
            canvas.fillSharpRects([bounds], color: appearance.background)
            if entry.isEmptyState {
                drawEmptyState(in: bounds, text: text)
                return
            }
            let style = TileStyle(family: entry.family)
            for (slot, tile) in zip(entry.slots, layout.tiles) {
                let rect = tile.scaledToWholeUnits(s)
                guard let card = slot.card else {
                    canvas.fillRoundedRect(rect, radius: style.cornerRadius * s, color: appearance.secondaryFill)
                    continue
                }
                let radius = entry.family == .small ? WidgetLayout.cornerRadius : style.cornerRadius
                notes += drawCard(card, in: rect, radius: radius * s, style: style, canvas: canvas, text: text)
            }
        }
        return notes
    }

    private func drawEmptyState(in bounds: Rect, text: TextPainter) {
        let title = TextStyle(
            bold: true, pixelSize: 15 * s, color: appearance.primaryText, alignment: .center, maxLines: 2)
        let subtitle = TextStyle(
            pixelSize: 12 * s, color: appearance.secondaryText, alignment: .center, maxLines: 3)
        let inner = bounds.insetBy(12 * s)
        let titleHeight = text.lineHeight(title)
        let subtitleHeight = text.lineHeight(subtitle, lines: 2)
        let top = inner.y + (inner.height - titleHeight - subtitleHeight - 4 * s) / 2
        text.draw("No cards chosen", in: Rect(x: inner.x, y: top, width: inner.width, height: titleHeight), style: title)
        text.draw(
            "Tap to open Wallet, or edit the widget to choose cards",
            in: Rect(x: inner.x, y: top + titleHeight + 4 * s, width: inner.width, height: subtitleHeight),
            style: subtitle)
    }

    private func drawCard(
        _ card: Card, in tile: Rect, radius: Double, style: TileStyle, canvas: Canvas, text: TextPainter
    ) -> [RenderNote] {
        let color = RGBColor(hex: card.color) ?? .fallbackCard
        canvas.fillRoundedRect(tile, radius: radius, color: color)
        if abs(color.luminance - appearance.background.luminance) < 0.1 {
            canvas.strokeRoundedRect(tile, radius: radius, lineWidth: s, color: appearance.secondaryFill)
        }
        let pad = (style.padding * s).rounded()
        let name = TextStyle(bold: true, pixelSize: style.nameSize * s, color: color.contrastingText)
        let nameHeight = text.lineHeight(name)
        if entry.isRedacted {
            drawRedacted(in: tile, pad: pad, nameHeight: nameHeight, canvas: canvas)
            return []
        }
        var notes: [RenderNote] = []
        let matrix = barcode(card)
        var nameRect = Rect(x: tile.x + pad, y: tile.y + pad, width: tile.width - 2 * pad, height: nameHeight)
        var nameStyle = name
        var space = Rect(
            x: tile.x + pad / 2, y: nameRect.maxY + pad / 2,
            width: tile.width - pad, height: tile.maxY - nameRect.maxY - pad)
        var placed: (BarcodeMatrix, BarcodeFit)?
        let buttons = reserved.filter { $0.intersects(tile) }
        if let left = buttons.map(\.x).min(), let bottom = buttons.map(\.maxY).max() {
            nameRect.width = max(0, min(nameRect.width, left - pad / 2 - nameRect.x))
            let top = max(space.y, bottom + pad / 2)
            space = Rect(x: space.x, y: top, width: space.width, height: max(0, space.maxY - top))
        }
        if case .success(let symbol)? = matrix, Self.isSquarish(symbol.symbology), tile.width > 1.5 * tile.height {
            let right = buttons.map(\.x).min().map { $0 - pad / 2 } ?? tile.maxX - pad / 2
            let side = Rect(
                x: tile.x + tile.width * 0.4, y: tile.y + pad / 2,
                width: right - tile.x - tile.width * 0.4, height: tile.height - pad)
            if let fit = fit(symbol, in: side, text: text) {
                placed = (symbol, fit)
                nameRect = Rect(x: nameRect.x, y: nameRect.y, width: fit.plate.x - nameRect.x - pad, height: tile.height - 2 * pad)
                nameStyle.maxLines = max(1, Int(nameRect.height / nameHeight))
            }
        }
        if placed == nil, case .success(let symbol)? = matrix, let fit = fit(symbol, in: space, text: text) {
            placed = (symbol, fit)
        }
        let unknown = text.draw(card.store, in: nameRect, style: nameStyle)
        if unknown > 0 { notes.append(.missingGlyphs(text: card.store, count: unknown)) }
        if let (symbol, fit) = placed {
            drawBarcode(symbol, fit: fit, printed: card.code, canvas: canvas, text: text)
            return notes
        }
        notes.append(.numberShownAsText(for: card, barcode: matrix))
        space = Rect(x: tile.x + pad, y: space.y, width: tile.width - 2 * pad, height: space.height)
        drawNumber(card.code, in: space, size: style.numberSize * s, color: color.contrastingText, text: text)
        return notes
    }

    func fit(_ symbol: BarcodeMatrix, in space: Rect, text: TextPainter) -> BarcodeFit? {
        BarcodeFit.fit(symbol, in: space) { module in
            let digits = TextStyle(family: "Monospace", pixelSize: TileStyle.digitsPixelSize(module: module, scale: scale), color: .black)
            return Int(text.lineHeight(digits).rounded(.up))
        }
    }

    func drawBarcode(_ symbol: BarcodeMatrix, fit: BarcodeFit, printed: String, canvas: Canvas, text: TextPainter) {
        plates?.add(fit.plate)
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

    /// The number in the largest size up to `size` that fits the width, ellipsized below 60 %.
    func drawNumber(_ number: String, in space: Rect, size: Double, color: RGBColor, text: TextPainter) {
        var style = TextStyle(
            bold: true, pixelSize: size, color: color, alignment: .center, maxLines: 2, centeredVertically: true)
        let width = text.width(of: number, style: style)
        if width > space.width {
            style.pixelSize = max(size * 0.6, size * space.width / width).rounded(.down)
        }
        text.draw(number, in: space, style: style)
    }

    private func drawRedacted(in tile: Rect, pad: Double, nameHeight: Double, canvas: Canvas) {
        let bar = Rect(x: tile.x + pad, y: tile.y + pad, width: (tile.width - 2 * pad) * 0.6, height: nameHeight * 0.8)
        canvas.fillRoundedRect(bar, radius: bar.height / 2, color: appearance.secondaryFill)
        let plate = Rect(
            x: tile.x + pad, y: tile.y + 2 * pad + nameHeight,
            width: tile.width - 2 * pad, height: max(0, tile.height - 3 * pad - nameHeight))
        canvas.fillRoundedRect(plate, radius: 4 * s, color: appearance.secondaryFill)
    }

    /// Codes about as tall as wide, which sit beside the name in a wide tile.
    static func isSquarish(_ symbology: Symbology) -> Bool {
        symbology == .qr || symbology == .aztec || symbology == .dataMatrix
    }
}
