internal import CPangoCairo

/// A Cairo ARGB32 image surface in device pixels, with the few drawing operations widgets need
/// (or, through ``init(surface:width:height:)``, a PDF page). Owns every C pointer: created in
/// `init`, freed in `deinit`. Visible to bench/ only as an opaque drawn picture (`@_spi(Benchmarks)`).
///
/// A canvas may hold only a horizontal band of its picture (``rows``, see ``PictureBands``):
/// drawing uses the picture's coordinates throughout (Cairo's device offset moves them onto the
/// band) and whatever falls outside the band is clipped away.
@_spi(Benchmarks) public final class Canvas {
    /// The picture's width and height (the whole picture, even when the surface holds a band).
    let width: Int
    let height: Int
    /// The picture rows the surface holds: all of them unless the canvas is a band.
    let rows: Range<Int>
    let surface: OpaquePointer
    let context: OpaquePointer

    /// Draws on `surface` (a PDF page, say), which the canvas now owns.
    init(surface: OpaquePointer, width: Int, height: Int) {
        self.width = width
        self.height = height
        rows = 0..<height
        self.surface = surface
        context = cairo_create(surface)
    }

    /// A canvas for the whole `width` x `height` picture.
    convenience init(width: Int, height: Int) throws(RenderError) {
        try self.init(width: width, height: height, rows: 0..<height)
    }

    /// A canvas holding only `rows` of a `width` x `height` picture (a band of it).
    init(width: Int, height: Int, rows: Range<Int>) throws(RenderError) {
        self.width = width
        self.height = height
        self.rows = rows
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(rows.count))
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .surfaceFailed(
                width: width, height: rows.count, status: Int32(status.rawValue), message: Self.text(of: status))
        }
        cairo_surface_set_device_offset(surface, 0, -Double(rows.lowerBound))
        context = cairo_create(surface)
        let contextStatus = cairo_status(context)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .drawingFailed(status: Int32(contextStatus.rawValue), message: Self.text(of: contextStatus))
        }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Whether anything drawn in `rect` (device pixels), or within `margin` pixels of it, lands in
    /// the rows this canvas holds. The margin covers antialiased edges and text that reaches
    /// a little past its line box.
    func overlaps(_ rect: Rect, margin: Double = 8) -> Bool {
        rect.y - margin < Double(rows.upperBound) && rect.maxY + margin > Double(rows.lowerBound)
    }

    /// Throws when a drawing call since `init` failed. Cairo records the first error in the
    /// context (and the surface) and turns every later call into a no-op, so checking once at the
    /// end of a draw catches any failure; a canvas that fails here must not be encoded or cached.
    func checkStatus() throws(RenderError) {
        for status in [cairo_status(context), cairo_surface_status(surface)] where status != CAIRO_STATUS_SUCCESS {
            throw .drawingFailed(status: Int32(status.rawValue), message: Self.text(of: status))
        }
    }

    /// Cairo's text for a status (a static string).
    private static func text(of status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }

    /// Fills a rectangle with rounded corners (antialiased edges), optionally clipping later drawing to it.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBColor) {
        setColor(color)
        roundedPath(rect, radius: radius)
        cairo_fill(context)
    }

    /// Strokes the outline of a rounded rectangle, `lineWidth` inside its edge.
    func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: RGBColor) {
        setColor(color)
        roundedPath(rect.insetBy(lineWidth / 2), radius: max(0, radius - lineWidth / 2))
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    /// Fills pixel-aligned rectangles with no antialiasing (barcode modules, plates).
    func fillSharpRects(_ rects: [Rect], color: RGBColor) {
        guard !rects.isEmpty else { return }
        cairo_save(context)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
        setColor(color)
        for rect in rects {
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        }
        cairo_fill(context)
        cairo_restore(context)
    }

    /// Runs `body` with drawing clipped to a rounded rectangle.
    func clipped(to rect: Rect, radius: Double, _ body: () -> Void) {
        cairo_save(context)
        roundedPath(rect, radius: radius)
        cairo_clip(context)
        body()
        cairo_restore(context)
    }

    func setColor(_ color: RGBColor) {
        cairo_set_source_rgb(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
    }

    /// The pixels: premultiplied ARGB32 in native byte order, `stride` bytes per row, starting
    /// with picture row `rows.lowerBound`.
    func withPixels<T>(_ body: (UnsafePointer<UInt8>, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        // NULL only for a surface in an error state, which `init` refuses.
        let data = cairo_image_surface_get_data(surface)!
        return try body(UnsafePointer(data), Int(cairo_image_surface_get_stride(surface)))
    }

    /// The pixels for changing in place (premultiplied ARGB32, native byte order, `stride` bytes
    /// per row, starting with picture row `rows.lowerBound`).
    func withMutablePixels<T>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        defer { cairo_surface_mark_dirty(surface) }
        return try body(data, Int(cairo_image_surface_get_stride(surface)))
    }

    private func roundedPath(_ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        let degrees = Double.pi / 180
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.y + r, r, -90 * degrees, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, 90 * degrees)
        cairo_arc(context, rect.x + r, rect.maxY - r, r, 90 * degrees, 180 * degrees)
        cairo_arc(context, rect.x + r, rect.y + r, r, 180 * degrees, 270 * degrees)
        cairo_close_path(context)
    }
}
