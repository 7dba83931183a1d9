internal import CAdw

/// A card's color as a rounded 48 x 32 tile at the start of its row, with the card's logo fitted
/// on it when it has one (drawn with Cairo, so no style sheet per color is needed). The logo is
/// asked for only when the tile is drawn, so of the ~200 rows GTK keeps bound only those on
/// screen have their logo decoded; `logo` returns nil until it is ready, and the page redraws
/// the tile then. AT-SPI sees an image named "Logo" (or "Card color" for a card without one).
final class CardTile {
    let handle: ObjectHandle
    private var red = 0.5
    private var green = 0.5
    private var blue = 0.5
    /// The decoded logo (a `GdkPixbuf`) for the card shown, or nil (none, or not decoded yet).
    var logo: (() -> OpaquePointer?)? {
        didSet { gtk_widget_queue_draw(handle.widget) }
    }

    /// The card's `#RRGGBB` color (grey when it cannot be read).
    var hex = "" {
        didSet {
            let value = UInt32(hex.dropFirst(), radix: 16) ?? 0x80_8080
            red = Double((value >> 16) & 0xFF) / 255
            green = Double((value >> 8) & 0xFF) / 255
            blue = Double(value & 0xFF) / 255
            gtk_widget_queue_draw(handle.widget)
        }
    }

    init() {
        handle = ObjectHandle(raw(wallet_image_drawing_area_new()))
        gtk_drawing_area_set_content_width(handle.typed(), 48)
        gtk_drawing_area_set_content_height(handle.typed(), 32)
        gtk_widget_set_valign(handle.widget, GTK_ALIGN_CENTER)
        let context = Unmanaged.passUnretained(self).toOpaque()
        gtk_drawing_area_set_draw_func(
            handle.typed(),
            { _, cairo, width, height, context in
                guard let context, let cairo else { return }
                Unmanaged<CardTile>.fromOpaque(context).takeUnretainedValue().draw(cairo, Double(width), Double(height))
            }, context, nil)
    }

    deinit { gtk_drawing_area_set_draw_func(handle.typed(), nil, nil, nil) }

    /// Redraws the tile (its logo became ready).
    func redraw() { gtk_widget_queue_draw(handle.widget) }

    private func draw(_ cairo: OpaquePointer, _ width: Double, _ height: Double) {
        let radius = 8.0
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, width - radius, radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, width - radius, height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, radius, height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, radius, radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        cairo_set_source_rgb(cairo, red, green, blue)
        cairo_fill(cairo)
        guard let pixbuf = logo?() else { return }
        // Fitted into the tile less a 3-pixel margin, centred, at the pixbuf's own aspect.
        let (logoWidth, logoHeight) = (Double(gdk_pixbuf_get_width(pixbuf)), Double(gdk_pixbuf_get_height(pixbuf)))
        let margin = 3.0
        let scale = min((width - 2 * margin) / logoWidth, (height - 2 * margin) / logoHeight)
        cairo_save(cairo)
        cairo_translate(cairo, (width - logoWidth * scale) / 2, (height - logoHeight * scale) / 2)
        cairo_scale(cairo, scale, scale)
        gdk_cairo_set_source_pixbuf(cairo, pixbuf, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
