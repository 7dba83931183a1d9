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
        let name = TextStyle(bold: true, pixelSize: style.nameSize * s, color: color.contrastingText)
        let geometry = CardTileGeometry(
            tile: tile, style: style, scale: scale, nameHeight: text.lineHeight(name), reserved: reserved)
        if entry.isRedacted {
            drawRedacted(geometry, canvas: canvas)
            return []
        }
        var notes: [RenderNote] = []
        let matrix = barcode(card)
        var nameRect = geometry.nameRect
        var nameStyle = name
        var placed: (BarcodeMatrix, CardTileGeometry.Placement)?
        if case .success(let symbol)? = matrix, let placement = geometry.place(symbol, textHeight: digitsHeight(text)) {
            placed = (symbol, placement)
            if placement.besideName {
                nameRect.width = placement.fit.plate.x - nameRect.x - geometry.pad
                nameRect.height = tile.height - 2 * geometry.pad
                nameStyle.maxLines = max(1, Int(nameRect.height / geometry.nameHeight))
            }
        }
        let unknown = text.draw(card.store, in: nameRect, style: nameStyle)
        if unknown > 0 { notes.append(.missingGlyphs(text: card.store, count: unknown)) }
        if let (symbol, placement) = placed {
            // A linear plate spans the tile's width: the tile's rounded corners stay the card's color.
            canvas.clipped(to: tile, radius: radius) {
                drawBarcode(symbol, fit: placement.fit, printed: card.code, canvas: canvas, text: text)
            }
            if placement.fit.module < BarcodeFit.comfortableModule {
                let remedy = remedy(for: symbol, in: tile, module: BarcodeFit.comfortableModule)
                notes.append(.closeRangeOnly(cardID: card.id, store: card.store, remedy: remedy))
            }
            return notes
        }
        notes.append(.numberShownAsText(for: card, barcode: matrix) {
            remedy(for: $0, in: tile, module: BarcodeFit.minimumModule)
        })
        let below = geometry.spaceBelowName(linear: false)
        let space = Rect(x: tile.x + geometry.pad, y: below.y, width: tile.width - 2 * geometry.pad, height: below.height)
        drawNumber(card.code, in: space, size: style.numberSize * s, color: color.contrastingText, text: text)
        return notes
    }

    /// Fits `symbol` into `space` (pixels) with the printed number measured by `text`.
    func fit(_ symbol: BarcodeMatrix, in space: Rect, text: TextPainter) -> BarcodeFit? {
        BarcodePainter.fit(symbol, in: space, scale: scale, text: text)
    }

    /// The printed number's line height under a linear code, for a module size.
    private func digitsHeight(_ text: TextPainter) -> (Int) -> Int {
        BarcodePainter.digitsHeight(scale: scale, text: text)
    }

    /// What would give `symbol` at least `module` px per module, which `tile` (pixels) does not:
    /// the tile a widget of this family gives a single card, the same tile at scale 3, or both;
    /// else nothing a widget offers.
    private func remedy(for symbol: BarcodeMatrix, in tile: Rect, module: Int) -> RenderNote.FitRemedy {
        let style = TileStyle(family: entry.family)
        let size = PointSize(width: layout.bounds.width, height: layout.bounds.height)
        let alone = WidgetLayout(family: entry.family, size: size, slotCount: 1).tiles[0]
        func fits(_ points: (width: Double, height: Double), scale: Int) -> Bool {
            let pixels = Rect(x: 0, y: 0, width: points.width, height: points.height).scaledToWholeUnits(Double(scale))
            let placement = CardTileGeometry.estimated(tile: pixels, style: style, scale: scale).place(symbol)
            return (placement?.fit.module ?? 0) >= module
        }
        let current = (tile.width / s, tile.height / s)
        let single = (alone.width, alone.height)
        let larger = 3
        if fits(single, scale: scale), single != current { return .fewerCards }
        guard scale < larger else { return .tooLongForWidgets }
        if fits(current, scale: larger) { return .largerScale(larger) }
        if fits(single, scale: larger) { return .fewerCardsAndLargerScale(larger) }
        return .tooLongForWidgets
    }

    /// Draws `symbol` on its white plate (recorded in ``plates``), with the printed number under a linear code.
    func drawBarcode(_ symbol: BarcodeMatrix, fit: BarcodeFit, printed: String, canvas: Canvas, text: TextPainter) {
        plates?.add(fit.plate)
        BarcodePainter.draw(symbol, fit: fit, printed: printed, scale: scale, canvas: canvas, text: text)
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

    private func drawRedacted(_ geometry: CardTileGeometry, canvas: Canvas) {
        let (tile, pad) = (geometry.tile, geometry.pad)
        let bar = Rect(x: tile.x + pad, y: tile.y + pad, width: (tile.width - 2 * pad) * 0.6, height: geometry.nameHeight * 0.8)
        canvas.fillRoundedRect(bar, radius: bar.height / 2, color: appearance.secondaryFill)
        let plate = Rect(
            x: tile.x + pad, y: tile.y + 2 * pad + geometry.nameHeight,
            width: tile.width - 2 * pad, height: max(0, tile.height - 3 * pad - geometry.nameHeight))
        canvas.fillRoundedRect(plate, radius: 4 * s, color: appearance.secondaryFill)
    }
}
