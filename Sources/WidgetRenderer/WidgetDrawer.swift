import Barcodes
import Foundation
import WalletCore
import WidgetEngine

/// Draws one timeline entry onto a canvas: the background with the container's rounded corners,
/// then each slot's tile (``CardTileGeometry``: a header band in the card's color with its name
/// and state, the code on its white plate, the card's information beside a 2D code), or the
/// empty state. Collects notes about fallbacks and missing glyphs.
struct WidgetDrawer {
    let entry: TimelineEntry
    let layout: WidgetLayout
    let scale: Int
    let palette: TilePalette
    /// The barcode of a card: nil when it has none, a failure when its data is not encodable.
    let barcode: (Card) -> Result<BarcodeMatrix, BarcodeError>?
    /// Collects every barcode plate drawn (accented rendering leaves them untinted).
    var plates: PlateRecorder?
    /// Collects what is drawn where (the layout report).
    var recorder: LayoutRecorder?
    /// Buttons' rectangles (device pixels): names and barcodes keep clear of them.
    var reserved: [Rect] = []
    /// Days for expiry lines are counted in this time zone.
    var timeZone = TimeZone.current
    /// True when only the canvas's band matters (``PictureBands``: another painting of the whole
    /// picture collected the notes and the layout report): tiles and logos wholly outside it are
    /// not drawn at all.
    var drawsOnlyTheBand = false
    /// The logos of this render, decoded once for all its paintings.
    var logos = DecodedLogos()
    /// Below this many pixels per module a code is noted "close range only"
    /// (``RenderOptions/comfortableModule``).
    var comfortableModule = BarcodeFit.comfortableModule
    /// The largest scale the screen is drawn at, for remedies (``RenderOptions/largestScale``).
    var largestScale = 3

    private var s: Double { Double(scale) }
    private var metrics: Theme.Tile { Theme.tile(entry.family) }

    /// Each slot's colors (nil for an empty slot), the buttons' ink included.
    var tileColors: [TileColors?] { palette.colors(for: entry.slots.map(\.card)) }

    func draw(on canvas: Canvas) throws(RenderError) -> [RenderNote] {
        let text = try TextPainter(canvas: canvas, scale: s, recorder: recorder)
        var notes: [RenderNote] = []
        let bounds = layout.bounds.scaledToWholeUnits(s)
        let colors = tileColors
        canvas.clipped(to: bounds, radius: WidgetLayout.cornerRadius * s) {
            canvas.fillSharpRects([bounds], color: palette.background)
            if entry.isEmptyState {
                drawEmptyState(in: bounds, text: text)
                return
            }
            for ((slot, tile), tileColors) in zip(zip(entry.slots, layout.tiles), colors) {
                let rect = tile.scaledToWholeUnits(s)
                if drawsOnlyTheBand, !canvas.overlaps(rect) { continue }
                let radius = metrics.cornerRadius * s
                guard let card = slot.card, let tileColors else {
                    canvas.fillRoundedRect(rect, radius: radius, color: palette.redaction)
                    continue
                }
                notes += drawCard(card, in: rect, points: tile, radius: radius, colors: tileColors, canvas: canvas, text: text)
            }
        }
        return notes
    }

    private func drawEmptyState(in bounds: Rect, text: TextPainter) {
        let state = EmptyState(mode: entry.mode)
        let title = TextStyle(
            weight: .semibold, pixelSize: 15 * s, color: palette.text, alignment: .center, maxLines: 2,
            background: palette.background)
        let hint = TextStyle(
            pixelSize: 13 * s, color: palette.secondaryText, alignment: .center, maxLines: 3, background: palette.background)
        let inner = bounds.insetBy(16 * s)
        let titleHeight = text.lineHeight(title) * Double(text.lines(of: state.title, width: inner.width, style: title).count)
        let hintHeight = text.lineHeight(hint) * Double(text.lines(of: state.hint, width: inner.width, style: hint).count)
        let top = inner.y + (inner.height - titleHeight - hintHeight - 4 * s) / 2
        text.draw(state.title, in: Rect(x: inner.x, y: top, width: inner.width, height: titleHeight), style: title)
        text.draw(
            state.hint, in: Rect(x: inner.x, y: top + titleHeight + 4 * s, width: inner.width, height: hintHeight),
            style: hint)
    }

    private func drawCard(
        _ card: Card, in tile: Rect, points: Rect, radius: Double, colors: TileColors, canvas: Canvas, text: TextPainter
    ) -> [RenderNote] {
        let geometry = CardTileGeometry(tile: tile, metrics: metrics, scale: scale, reserved: reserved, points: points)
        if entry.isRedacted {
            drawRedacted(geometry, radius: radius, canvas: canvas)
            return []
        }
        var notes: [RenderNote] = []
        let matrix = barcode(card)
        var placement: CardTileGeometry.Placement?
        var symbol: BarcodeMatrix?
        if case .success(let found)? = matrix {
            symbol = found
            placement = geometry.place(found, textHeight: digitsHeight(text))
        }
        canvas.clipped(to: tile, radius: radius) {
            canvas.fillSharpRects([geometry.header], color: colors.header)
            canvas.fillSharpRects([geometry.body], color: colors.body)
        }
        let info = TileInfo(card: card, date: entry.date, timeZone: timeZone)
        let showsColumn = placement?.besideInfo ?? false
        // Beside a column (which lists the balance first) the header takes an urgent expiry, or
        // the balance when the column is too narrow for it; otherwise the balance, else an
        // urgent expiry (``TileInfo/headline``).
        let headline: TileInfo.Line?
        if let placement, showsColumn {
            let column = geometry.infoColumn(beside: placement)
            let style = TextStyle(pixelSize: metrics.infoSize * s, color: colors.bodyText, tabularFigures: true)
            let narrow = info.lines.first { line in
                line.isBalance && !line.forms.contains { text.fits($0, width: column.width, style: style) }
            }
            headline = info.lines.first(where: \.emphasised) ?? narrow
        } else {
            headline = info.headline
        }
        let (headerNotes, stated) = drawHeader(
            card, geometry: geometry, colors: colors, state: headline, text: text, canvas: canvas)
        notes += headerNotes
        if let symbol, let placement {
            let plateRadius =
                symbol.isLinear ? 0 : min(Theme.plateRadius * s, Double(symbol.quietZone.left * placement.fit.module))
            canvas.clipped(to: tile, radius: radius) {
                drawBarcode(symbol, fit: placement.fit, printed: card.code, canvas: canvas, text: text, radius: plateRadius)
            }
            if placement.besideInfo {
                let rest = TileInfo(lines: info.lines.filter { $0 != stated })
                drawInfo(number: card.code, info: rest, in: geometry.infoColumn(beside: placement), colors: colors, text: text)
            }
            if placement.fit.module < comfortableModule {
                let remedy = remedy(for: symbol, in: tile, module: comfortableModule)
                notes.append(.closeRangeOnly(cardID: card.id, store: card.store, remedy: remedy))
            }
            return notes
        }
        notes.append(
            .numberShownAsText(for: card, barcode: matrix) {
                remedy(for: $0, in: tile, module: BarcodeFit.minimumModule)
            })
        let space = geometry.infoColumn(beside: nil)
        drawNumber(
            card.code, in: space, size: metrics.numberSize * s, color: colors.bodyText, background: colors.body, text: text)
        return notes
    }

    /// The header band's text: the name (or, on the small widget, the name over a caption with
    /// its position) and, when given, the card's state at the right. The name comes first: the
    /// state is shown only when the whole name fits beside it.
    /// Returns the notes and the state line drawn, if any.
    private func drawHeader(
        _ card: Card, geometry: CardTileGeometry, colors: TileColors, state: TileInfo.Line?, text: TextPainter,
        canvas: Canvas
    ) -> ([RenderNote], TileInfo.Line?) {
        var stated: TileInfo.Line?
        let content = geometry.headerContent
        let name = TextStyle(
            weight: .semibold, pixelSize: metrics.nameSize * s, color: colors.headerText, background: colors.header)
        let nameHeight = text.lineHeight(name)
        var nameRect = Rect(
            x: content.x, y: content.y + (content.height - nameHeight) / 2, width: content.width, height: nameHeight)
        if entry.hasStepButtons, let stepping = entry.stepping {
            let caption = TextStyle(
                weight: .medium, pixelSize: metrics.captionSize * s, color: colors.headerSecondary, tabularFigures: true,
                background: colors.header)
            let captionHeight = text.lineHeight(caption)
            nameRect.y = content.y + (content.height - nameHeight - captionHeight) / 2
            text.draw(
                "\(stepping.index + 1) of \(stepping.count)",
                in: Rect(x: content.x, y: nameRect.maxY, width: content.width, height: captionHeight), style: caption)
        } else if let state {
            let style = TextStyle(
                weight: state.emphasised ? .semibold : .medium, pixelSize: metrics.infoSize * s,
                color: state.emphasised ? colors.headerText : colors.headerSecondary, alignment: .trailing,
                tabularFigures: true, background: colors.header)
            let gap = (6 * s).rounded()
            // A whole name beats the state; a balance (a gift card's point) or an urgent expiry
            // still shows while the name keeps 40 % of the width (it is ellipsized between words).
            let nameRoom = { (form: String) in content.width - text.pointWidth(of: form, style: style) * s - gap }
            let hasLogo = entry.logos[card.id] != nil
            // A balance may take more: the name keeps at least its first word ("Amazon…").
            let firstWord = (card.store.split(separator: " ").first.map(String.init) ?? card.store) + "…"
            let floor =
                state.isBalance
                ? min(0.4 * content.width, (text.pointWidth(of: firstWord, style: name) * s).rounded(.up)) : 0.4 * content.width
            let shows = { (form: String) in
                text.fits(card.store, width: nameRoom(form), style: name)
                    || ((state.emphasised || state.isBalance || hasLogo) && nameRoom(form) >= floor)
            }
            if let form = state.forms.first(where: shows) {
                let width = (text.pointWidth(of: form, style: style) * s).rounded(.up)
                let height = text.lineHeight(style)
                text.draw(
                    form,
                    in: Rect(x: content.maxX - width, y: content.y + (content.height - height) / 2, width: width, height: height),
                    style: style)
                nameRect.width = content.width - width - gap
                stated = state
            }
        }
        if let png = entry.logos[card.id] {
            // The logo stands for the name (it usually is the name, in the brand's own lettering).
            let inset = (Theme.logoInset * s).rounded()
            let stepping = entry.hasStepButtons
            // Beside a caption the logo takes the name's line; otherwise the band's height.
            let box =
                stepping
                ? Rect(x: nameRect.x, y: nameRect.y, width: nameRect.width, height: nameRect.height)
                : Rect(
                    x: nameRect.x, y: geometry.header.y + inset, width: nameRect.width, height: geometry.header.height - 2 * inset
                )
            // A band the logo is not drawn on skips it (the first drawing decodes it, ``DecodedLogos``).
            if drawsOnlyTheBand, !canvas.overlaps(box) { return ([], stated) }
            guard let logo = logos.image(of: png) else {
                return drawName(card, in: nameRect, style: name, text: text, stated: stated)
            }
            let rect = logo.fitted(in: box)
            logo.draw(in: rect, on: canvas)
            recorder?.image("logo", in: rect)
            // An icon (a logo about as wide as it is high) does not say the card's name: the name
            // goes beside it, as Apple Wallet draws `logoText` beside the logo. A wordmark is the name.
            let gap = (6 * s).rounded()
            let besideName = Rect(
                x: rect.maxX + gap, y: nameRect.y, width: nameRect.maxX - rect.maxX - gap, height: nameRect.height)
            if !stepping, Double(logo.width) <= Theme.iconAspect * Double(logo.height), besideName.width > 0 {
                return drawName(card, in: besideName, style: name, text: text, stated: stated)
            }
            return ([], stated)
        }
        return drawName(card, in: nameRect, style: name, text: text, stated: stated)
    }

    /// The card's name in the header, where it has no logo (or one that does not decode).
    private func drawName(
        _ card: Card, in nameRect: Rect, style: TextStyle, text: TextPainter, stated: TileInfo.Line?
    ) -> ([RenderNote], TileInfo.Line?) {
        let unknown = text.draw(card.store, in: nameRect, style: style)
        return (unknown > 0 ? [.missingGlyphs(text: card.store, count: unknown)] : [], stated)
    }

    /// The column beside a 2D code: the number first (never dropped; ``NumberFit``: one line
    /// down to the type floor, else two at a separator), then the card's information lines in
    /// priority order, each shown whole or dropped.
    private func drawInfo(number: String, info: TileInfo, in column: Rect, colors: TileColors, text: TextPainter) {
        let numberStyle = { (size: Double) in
            TextStyle(
                family: Theme.numberFamily, weight: .medium, pixelSize: size * s, color: colors.bodyText,
                tabularFigures: true, background: colors.body)
        }
        let fit = NumberFit.fit(number, largest: Theme.numberFloor, floor: Theme.secondaryFloor, step: 0.5) {
            text.fits($0, width: column.width, style: numberStyle($1))
        }
        // Which lines fit is decided in points (whole points of room, fixed line steps), so the
        // same lines show at every scale.
        var room = (column.height / s + 0.25).rounded(.down)
        var top = column.y
        let numberHeight = text.lineHeight(numberStyle(fit.size))
        for line in fit.lines {
            text.draw(
                line, in: Rect(x: column.x, y: top, width: column.width, height: numberHeight), style: numberStyle(fit.size))
            top += numberHeight
            room -= Self.lineStep(fit.size)
        }
        top += (2 * s).rounded()
        room -= 2
        for line in info.lines {
            let style = TextStyle(
                weight: line.emphasised ? .semibold : .regular, pixelSize: metrics.infoSize * s,
                color: line.emphasised ? colors.bodyEmphasis : colors.bodySecondary, tabularFigures: true,
                background: colors.body)
            let height = text.lineHeight(style)
            guard room >= Self.lineStep(metrics.infoSize) else { break }
            room -= Self.lineStep(metrics.infoSize)
            // A line is shown whole (in its short form if need be) or not at all: a cut balance
            // or date would mislead.
            guard let form = line.forms.first(where: { text.fits($0, width: column.width, style: style) }) else { continue }
            text.draw(form, in: Rect(x: column.x, y: top, width: column.width, height: height), style: style)
            top += height
        }
    }

    /// The room a line of `size` points takes, in points: what Pango sets Inter in (1.21 em),
    /// rounded up.
    static func lineStep(_ size: Double) -> Double {
        (size * 1.25).rounded(.up)
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
        let size = PointSize(width: layout.bounds.width, height: layout.bounds.height)
        let alone = WidgetLayout(family: entry.family, size: size, slotCount: 1).tiles[0]
        func fits(_ points: (width: Double, height: Double), scale: Int) -> Bool {
            let pixels = Rect(x: 0, y: 0, width: points.width, height: points.height).scaledToWholeUnits(Double(scale))
            let placement = CardTileGeometry.estimatedPlace(symbol, tile: pixels, metrics: metrics, scale: scale)
            return (placement?.fit.module ?? 0) >= module
        }
        let current = (tile.width / s, tile.height / s)
        let single = (alone.width, alone.height)
        let larger = largestScale
        if fits(single, scale: scale), single != current { return .fewerCards }
        guard scale < larger else { return .tooLongForWidgets }
        if fits(current, scale: larger) { return .largerScale(larger) }
        if fits(single, scale: larger) { return .fewerCardsAndLargerScale(larger) }
        return .tooLongForWidgets
    }

    /// Draws `symbol` on its white plate (recorded in ``plates``), with the printed number under
    /// a linear code.
    func drawBarcode(
        _ symbol: BarcodeMatrix, fit: BarcodeFit, printed: String, canvas: Canvas, text: TextPainter, radius: Double = 0
    ) {
        plates?.add(fit.plate)
        BarcodePainter.draw(symbol, fit: fit, printed: printed, scale: scale, canvas: canvas, text: text, radius: radius)
    }

    /// The number in the largest size up to `size` that fits the width, ellipsized below 60 %.
    func drawNumber(_ number: String, in space: Rect, size: Double, color: RGBColor, background: RGBColor?, text: TextPainter) {
        var style = TextStyle(
            weight: .bold, pixelSize: size, color: color, alignment: .center, maxLines: 2, centeredVertically: true,
            tabularFigures: true, background: background)
        let width = text.width(of: number, style: style)
        if width > space.width {
            style.pixelSize = max(size * 0.6, size * space.width / width).rounded(.down)
        }
        text.draw(number, in: space, style: style)
    }

    /// A placeholder tile: neutral, with grey bars where the name and the code will be.
    private func drawRedacted(_ geometry: CardTileGeometry, radius: Double, canvas: Canvas) {
        canvas.fillRoundedRect(geometry.tile, radius: radius, color: palette.body)
        let content = geometry.headerContent
        let barHeight = (metrics.nameSize * 0.8 * s).rounded()
        let bar = Rect(
            x: content.x, y: content.y + (content.height - barHeight) / 2, width: content.width * 0.6, height: barHeight)
        canvas.fillRoundedRect(bar, radius: bar.height / 2, color: palette.redaction)
        let body = geometry.body.insetBy(geometry.pad)
        canvas.fillRoundedRect(body, radius: Theme.plateRadius * s, color: palette.redaction)
    }
}
