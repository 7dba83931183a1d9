import Barcodes
import Foundation
import WalletCore
import WidgetEngine

/// Draws a lock-screen (accessory) widget: no widget background, white content on a translucent
/// backdrop (the card's own color in full-color rendering).
///
/// - circular: the store's monogram, or a 2D code itself when it fits in the circle scannably;
/// - rectangular: the store name and the card's barcode (2D codes beside the name, linear codes
///   below it), or the number as text with a render note when the code cannot be drawn scannably;
/// - inline: one line of text, ``TimelineEntry/inlineText``.
struct AccessoryDrawer {
    /// Barcodes, plates and numbers are drawn exactly as on home-screen tiles.
    let tiles: WidgetDrawer
    /// The family's shape (``WidgetFamilyTraits/LockScreenShape``): every switch here covers
    /// each shape, so a new lock-screen family is drawn as its traits say or not compiled.
    let shape: WidgetFamilyTraits.LockScreenShape
    let rendering: RenderingMode

    private var entry: TimelineEntry { tiles.entry }
    private var s: Double { Double(tiles.scale) }
    /// Backdrop opacity on the lock screen: dark enough that white text keeps 4.5:1 over the
    /// lightest wallpaper (black at 55 % over white is #737373: 4.7:1 with white).
    private static let backdropAlpha = 0.58
    private static let accentedBackdropAlpha = 0.8
    /// The rectangular backdrop's corner radius (points).
    private static let cornerRadius = 10.0
    /// Space between the store name's line and a linear code's plate under it (points).
    private static let nameGap = 2.0

    func draw(on canvas: Canvas) throws(RenderError) -> [RenderNote] {
        let text = try TextPainter(canvas: canvas, scale: s, recorder: tiles.recorder)
        let bounds = tiles.layout.bounds.scaledToWholeUnits(s)
        let card = entry.cards.first
        let (ink, behind) = drawBackdrop(in: bounds, card: card, canvas: canvas)
        switch shape {
        case .line:
            if entry.isRedacted {
                bar(
                    Rect(
                        x: bounds.x + 6 * s, y: bounds.y + bounds.height * 0.25, width: bounds.width * 0.6,
                        height: bounds.height * 0.5), canvas)
                return []
            }
            let inset = (8 * s).rounded()
            let line = Rect(x: bounds.x + inset, y: bounds.y, width: max(0, bounds.width - 2 * inset), height: bounds.height)
            return drawInline(in: line, ink: ink, behind: behind, text: text)
        case .circle:
            return drawCircular(card, in: bounds, ink: ink, behind: behind, canvas: canvas, text: text)
        case .roundedRectangle:
            return drawRectangular(card, in: bounds, ink: ink, behind: behind, canvas: canvas, text: text)
        }
    }

    /// `store · number`: the store name shortens first (between words), the number stays whole.
    private func drawInline(in bounds: Rect, ink: RGBColor, behind: RGBColor?, text: TextPainter) -> [RenderNote] {
        let style = TextStyle(
            weight: .semibold, pixelSize: 15 * s, color: ink, centeredVertically: true, tabularFigures: true, background: behind)
        var line = entry.inlineText
        if let card = entry.cards.first {
            let tail = " · \(card.code)"
            line =
                Self.shortened(card.store, followedBy: tail) { text.fits($0, width: bounds.width, style: style) }
                ?? card.code
        }
        let unknown = text.drawLine(line, in: bounds, style: style)
        return unknown > 0 ? [.missingGlyphs(text: line, count: unknown)] : []
    }

    /// `store` + `tail` when it fits, else the store cut between words (or, when its first word
    /// is too long, inside it) with an ellipsis before the tail; nil when not even one letter fits.
    static func shortened(_ store: String, followedBy tail: String, fits: (String) -> Bool) -> String? {
        if fits(store + tail) { return store + tail }
        let words = store.split(separator: " ")
        for count in stride(from: words.count - 1, through: 1, by: -1) {
            let line = words.prefix(count).joined(separator: " ") + TextLines.ellipsis + tail
            if fits(line) { return line }
        }
        let first = Array(words.first ?? "")
        for count in stride(from: first.count - 1, through: 1, by: -1) {
            let line = String(first.prefix(count)) + TextLines.ellipsis + tail
            if fits(line) { return line }
        }
        return nil
    }

    /// The translucent backdrop; returns the color content is drawn in and the opaque color
    /// behind it when there is one (full-color rendering).
    private func drawBackdrop(in bounds: Rect, card: Card?, canvas: Canvas) -> (RGBColor, RGBColor?) {
        let brand = card.flatMap { RGBColor(hex: $0.color) } ?? .fallbackCard
        let full = rendering == .fullColor && card != nil && !entry.isRedacted
        let ink = full ? brand.readableText() : .white
        let color = full ? brand.adjusted(forText: ink) : .black
        // Accented text is the pale tint, darker than white: a denser backdrop keeps 4.5:1 over
        // a white wallpaper.
        let alpha = full ? 1 : rendering == .accented ? Self.accentedBackdropAlpha : Self.backdropAlpha
        switch shape {
        case .circle:
            let center = (x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
            canvas.fillCircle(center: center, radius: bounds.width / 2, color: color, alpha: alpha)
        case .roundedRectangle, .line:
            canvas.fillRoundedRect(bounds, radius: min(Self.cornerRadius * s, bounds.height / 2), color: color, alpha: alpha)
        }
        return (ink, full ? color : nil)
    }

    private func drawCircular(
        _ card: Card?, in bounds: Rect, ink: RGBColor, behind: RGBColor?, canvas: Canvas, text: TextPainter
    ) -> [RenderNote] {
        guard let card, !entry.isRedacted else {
            if entry.isRedacted {
                bar(
                    Rect(
                        x: bounds.x + bounds.width * 0.3, y: bounds.y + bounds.height * 0.4, width: bounds.width * 0.4,
                        height: bounds.height * 0.2), canvas)
            } else {
                let plus = TextStyle(
                    weight: .semibold, pixelSize: 30 * s, color: ink, alignment: .center, centeredVertically: true,
                    background: behind)
                text.draw("+", in: bounds, style: plus)
            }
            return []
        }
        // The largest square inside the circle: a 2D code's plate fits there whole.
        let side = (bounds.width / 2.0.squareRoot()).rounded(.down)
        let square = Rect(
            x: (bounds.x + (bounds.width - side) / 2).rounded(), y: (bounds.y + (bounds.height - side) / 2).rounded(),
            width: side, height: side)
        if case .success(let symbol)? = tiles.barcode(card), CardTileGeometry.isSquarish(symbol.symbology),
            let fit = tiles.fit(symbol, in: square, text: text)
        {
            tiles.drawBarcode(symbol, fit: fit, printed: card.code, canvas: canvas, text: text)
            return []
        }
        if let logo = entry.logos[card.id].flatMap(CairoImage.init(png:)) {
            let rect = logo.fitted(in: square.insetBy((4 * s).rounded()), centred: true)
            logo.draw(in: rect, on: canvas)
            text.recorder?.image("logo", in: rect)
            return []
        }
        let style = TextStyle(
            weight: .semibold, pixelSize: 28 * s, color: ink, alignment: .center, centeredVertically: true, background: behind)
        let unknown = text.draw(Self.monogram(card.store), in: square, style: style)
        return unknown > 0 ? [.missingGlyphs(text: card.store, count: unknown)] : []
    }

    private func drawRectangular(
        _ card: Card?, in bounds: Rect, ink: RGBColor, behind: RGBColor?, canvas: Canvas, text: TextPainter
    ) -> [RenderNote] {
        let pad = (6 * s).rounded()
        let inner = bounds.insetBy(pad)
        let name = TextStyle(weight: .semibold, pixelSize: 14 * s, color: ink, background: behind)
        let nameHeight = text.lineHeight(name)
        guard let card, !entry.isRedacted else {
            if entry.isRedacted {
                bar(Rect(x: inner.x, y: inner.y, width: inner.width * 0.6, height: nameHeight * 0.8), canvas)
                bar(
                    Rect(
                        x: inner.x, y: inner.y + nameHeight + pad, width: inner.width,
                        height: inner.maxY - inner.y - nameHeight - pad), canvas)
            } else {
                let state = EmptyState(mode: entry.mode)
                text.draw(state.title, in: Rect(x: inner.x, y: inner.y, width: inner.width, height: nameHeight), style: name)
                let hint = TextStyle(pixelSize: 12 * s, color: ink, maxLines: 2, background: behind)
                text.draw(
                    state.hint,
                    in: Rect(x: inner.x, y: inner.y + nameHeight, width: inner.width, height: inner.height - nameHeight),
                    style: hint)
            }
            return []
        }
        var notes: [RenderNote] = []
        var nameRect = Rect(x: inner.x, y: inner.y, width: inner.width, height: nameHeight)
        var nameStyle = name
        var placed: (BarcodeMatrix, BarcodeFit)?
        var tried = bounds
        let matrix = tiles.barcode(card)
        // Plates keep inside the backdrop: inset from its edges by how far its rounded corners
        // reach in, so a plate's corners stay inside them.
        let corner = (Self.cornerRadius * s * (1 - 1 / 2.0.squareRoot())).rounded(.up)
        if case .success(let symbol)? = matrix {
            if CardTileGeometry.isSquarish(symbol.symbology) {
                let side = Rect(
                    x: bounds.x + bounds.width * 0.4, y: bounds.y + corner, width: bounds.width * 0.6 - corner,
                    height: bounds.height - 2 * corner)
                tried = side
                if let fit = tiles.fit(symbol, in: side, text: text) {
                    placed = (symbol, fit)
                    nameRect = Rect(x: inner.x, y: inner.y, width: fit.plate.x - inner.x - pad, height: inner.height)
                    nameStyle.maxLines = max(1, Int(inner.height / nameHeight))
                }
            } else {
                // Under the name with a gap, so its descenders ("g", "y") stay whole above the plate.
                let edge = max(corner, pad / 2)
                let top = nameRect.maxY + (Self.nameGap * s).rounded()
                let below = Rect(
                    x: bounds.x + edge, y: top, width: bounds.width - 2 * edge, height: bounds.maxY - corner - top)
                tried = below
                placed = tiles.fit(symbol, in: below, text: text).map { (symbol, $0) }
            }
        }
        let unknown = text.draw(card.store, in: nameRect, style: nameStyle)
        if unknown > 0 { notes.append(.missingGlyphs(text: card.store, count: unknown)) }
        if let (symbol, fit) = placed {
            tiles.drawBarcode(symbol, fit: fit, printed: card.code, canvas: canvas, text: text)
            return notes
        }
        notes.append(.numberShownAsText(for: card, barcode: matrix) { remedy(for: $0, in: tried, text: text) })
        let space = Rect(x: inner.x, y: nameRect.maxY, width: inner.width, height: inner.maxY - nameRect.maxY)
        tiles.drawNumber(card.code, in: space, size: 20 * s, color: ink, background: behind, text: text)
        return notes
    }

    /// What would show `symbol`, which does not fit `space` (pixels): the same space at scale 3,
    /// else nothing (a lock-screen widget holds one card, so fewer cards cannot help).
    private func remedy(for symbol: BarcodeMatrix, in space: Rect, text: TextPainter) -> RenderNote.FitRemedy {
        let larger = tiles.largestScale
        guard tiles.scale < larger else { return .tooLongForWidgets }
        let factor = Double(larger) / s
        let scaled = Rect(
            x: 0, y: 0, width: (space.width * factor).rounded(.down), height: (space.height * factor).rounded(.down))
        return tiles.fit(symbol, in: scaled, text: text) == nil ? .tooLongForWidgets : .largerScale(larger)
    }

    /// A redaction bar (placeholder).
    private func bar(_ rect: Rect, _ canvas: Canvas) {
        canvas.fillRoundedRect(rect, radius: min(rect.height / 2, 6 * s), color: .white, alpha: 0.35)
    }

    /// Up to two initials: the first letters of the store name's first two words.
    static func monogram(_ store: String) -> String {
        let words = store.split(whereSeparator: { $0.isWhitespace || $0 == "-" })
        let letters = words.prefix(2).compactMap(\.first)
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }
}
