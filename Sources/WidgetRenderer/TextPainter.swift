internal import CPangoCairo

/// Sets text with Pango on a canvas: any script through fontconfig fallback, ellipsized at the
/// end, never clipped mid-glyph. Reports characters no installed font can draw.
final class TextPainter {
    private let canvas: Canvas
    private let layout: OpaquePointer
    /// One font description, set anew for each piece of text.
    private let font: OpaquePointer

    /// Fails with ``RenderError/outOfMemory(_:)`` when Cairo or Pango cannot allocate.
    init(canvas: Canvas) throws(RenderError) {
        self.canvas = canvas
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

    /// Draws `text` in `rect` (device pixels) and returns how many characters had no glyph.
    @discardableResult
    func draw(_ text: String, in rect: Rect, style: TextStyle) -> Int {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        configure(text, width: rect.width, style: style)
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let top = style.centeredVertically ? rect.y + (rect.height - Double(logical.height)) / 2 : rect.y
        cairo_save(canvas.context)
        cairo_rectangle(canvas.context, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(canvas.context)
        canvas.setColor(style.color)
        cairo_move_to(canvas.context, rect.x, top.rounded())
        pango_cairo_show_layout(canvas.context, layout)
        cairo_restore(canvas.context)
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }

    /// The pixel height of `lines` lines of text in `style`.
    func lineHeight(_ style: TextStyle, lines: Int = 1) -> Double {
        configure(String(repeating: "Ag\n", count: max(1, lines)).dropLast().description, width: 10_000, style: style)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Double(logical.height)
    }

    /// The pixel width `text` takes on one line in `style`.
    func width(of text: String, style: TextStyle) -> Double {
        var single = style
        single.maxLines = 1
        configure(text, width: nil, style: single)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Double(logical.width)
    }

    private func configure(_ text: String, width: Double?, style: TextStyle) {
        pango_font_description_set_family(font, style.family)
        pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(font, style.pixelSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        if let width {
            pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, Int32(-max(1, style.maxLines)))
        pango_layout_set_single_paragraph_mode(layout, style.maxLines == 1 ? 1 : 0)
        pango_layout_set_alignment(layout, style.alignment == .center ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
    }
}
