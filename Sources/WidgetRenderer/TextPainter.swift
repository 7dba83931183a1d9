internal import CPangoCairo

/// Sets text with Pango on a canvas: any script through fontconfig fallback, never clipped
/// mid-glyph. Multi-line text breaks only between words, decided in points (``TextLines``) so it
/// breaks the same way at every scale. Reports characters no installed font can draw, and every
/// run it draws to a ``LayoutRecorder`` when it has one.
final class TextPainter {
    private let canvas: Canvas
    private let layout: OpaquePointer
    /// One font description, set anew for each piece of text.
    private let font: OpaquePointer
    /// Device pixels per point: line breaks are decided in points.
    let scale: Double
    /// Receives each text run drawn (the layout report).
    let recorder: LayoutRecorder?

    /// Fails with ``RenderError/outOfMemory(_:)`` when Cairo or Pango cannot allocate.
    init(canvas: Canvas, scale: Double = 1, recorder: LayoutRecorder? = nil) throws(RenderError) {
        self.canvas = canvas
        self.scale = scale
        self.recorder = recorder
        guard let font = pango_font_description_new() else { throw .outOfMemory("Pango font description") }
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        guard cairo_font_options_status(options) == CAIRO_STATUS_SUCCESS else {
            pango_font_description_free(font)
            throw .outOfMemory("Cairo font options")
        }
        guard let layout = pango_cairo_create_layout(canvas.context) else {
            pango_font_description_free(font)
            throw .outOfMemory("Pango layout")
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        pango_layout_context_changed(layout)
        self.layout = layout
        self.font = font
    }

    deinit {
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Draws `text` in `rect` (device pixels), breaking between words into at most
    /// `style.maxLines` lines, and returns how many characters had no glyph.
    @discardableResult
    func draw(_ text: String, in rect: Rect, style: TextStyle) -> Int {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let lines = self.lines(of: text, width: rect.width, style: style)
        guard !lines.isEmpty else { return 0 }
        let height = lineHeight(style)
        let block = height * Double(lines.count)
        var top = style.centeredVertically ? rect.y + (rect.height - block) / 2 : rect.y
        var unknown = 0
        for line in lines where top + height <= rect.maxY + 0.5 {
            unknown += drawLine(line, in: Rect(x: rect.x, y: top.rounded(), width: rect.width, height: height), style: style)
            top += height
        }
        return unknown
    }

    /// The lines `text` takes in `width` device pixels: breaks between words, decided in points.
    func lines(of text: String, width: Double, style: TextStyle) -> [String] {
        let points = TextLines { self.pointWidth(of: $0, style: style) }
        return points.lines(text, width: width / scale, maxLines: style.maxLines)
    }

    /// The pixel height of `lines` lines of text in `style`.
    func lineHeight(_ style: TextStyle, lines: Int = 1) -> Double {
        configure("Ag", width: nil, style: style)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Double(logical.height) * Double(max(1, lines))
    }

    /// The pixel width `text` takes on one line in `style`.
    func width(of text: String, style: TextStyle) -> Double {
        configure(text, width: nil, style: style)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Double(logical.width)
    }

    /// True when `text` fits on one line of `width` device pixels, decided in points: the same
    /// answer at every scale.
    func fits(_ text: String, width: Double, style: TextStyle) -> Bool {
        pointWidth(of: text, style: style) <= width / scale
    }

    /// The width of `text` in points, measured at a fixed reference size whatever the scale, in
    /// Pango units (no pixel rounding): the same at every scale.
    func pointWidth(of text: String, style: TextStyle) -> Double {
        var reference = style
        reference.pixelSize = style.pixelSize / scale * Self.referenceScale
        configure(text, width: nil, style: reference)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE) / Self.referenceScale
    }

    private static let referenceScale = 8.0

    /// Draws one line as it is (no further breaking); a line wider than `rect` in points (a lone
    /// word) ends in an ellipsis. Returns how many characters had no glyph.
    @discardableResult
    func drawLine(_ line: String, in rect: Rect, style: TextStyle) -> Int {
        let fitting = fits(line, width: rect.width, style: style)
        configure(line, width: fitting ? nil : rect.width, style: style)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        // A line that fits in points may round a pixel wider at this scale: it keeps that pixel.
        let drawnWidth = fitting ? Double(logical.width) : min(Double(logical.width), rect.width)
        let x: Double =
            switch style.alignment {
            case .leading: isRightToLeft(line) ? rect.maxX - drawnWidth : rect.x
            case .center: rect.x + (rect.width - drawnWidth) / 2
            case .trailing: rect.maxX - drawnWidth
            }
        cairo_save(canvas.context)
        cairo_rectangle(canvas.context, min(rect.x, x.rounded()), rect.y, max(rect.width, drawnWidth + 1), rect.height)
        cairo_clip(canvas.context)
        canvas.setColor(style.color)
        cairo_move_to(canvas.context, x.rounded() - Double(logical.x), rect.y)
        pango_cairo_show_layout(canvas.context, layout)
        cairo_restore(canvas.context)
        recorder?.text(line, in: Rect(x: x.rounded(), y: rect.y, width: drawnWidth, height: rect.height), style: style)
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }

    /// True when Pango sets the line right to left (Arabic, Hebrew): it starts at the right edge.
    private func isRightToLeft(_ line: String) -> Bool {
        wallet_base_direction(line) == PANGO_DIRECTION_RTL
    }

    private func configure(_ text: String, width: Double?, style: TextStyle) {
        pango_font_description_set_family(font, style.family)
        pango_font_description_set_weight(font, Self.pangoWeight(style.weight))
        pango_font_description_set_absolute_size(font, style.pixelSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, width.map { Int32($0 * Double(PANGO_SCALE)) } ?? -1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, -1)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        let attributes = pango_attr_list_new()
        if style.tabularFigures, let feature = pango_attr_font_features_new("tnum") {
            pango_attr_list_insert(attributes, feature)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    private static func pangoWeight(_ weight: TextStyle.Weight) -> PangoWeight {
        switch weight {
        case .regular: PANGO_WEIGHT_NORMAL
        case .medium: PANGO_WEIGHT_MEDIUM
        case .semibold: PANGO_WEIGHT_SEMIBOLD
        case .bold: PANGO_WEIGHT_BOLD
        }
    }
}
