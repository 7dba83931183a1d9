internal import CAdw

/// A card's color as a rounded square at the start of its row (drawn with Cairo, so no style
/// sheet per color is needed).
final class ColorSwatch {
    let handle: ObjectHandle
    private var red = 0.5
    private var green = 0.5
    private var blue = 0.5

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
        handle = ObjectHandle(raw(gtk_drawing_area_new()))
        gtk_drawing_area_set_content_width(handle.typed(), 32)
        gtk_drawing_area_set_content_height(handle.typed(), 32)
        gtk_widget_set_valign(handle.widget, GTK_ALIGN_CENTER)
        let context = Unmanaged.passUnretained(self).toOpaque()
        gtk_drawing_area_set_draw_func(
            handle.typed(),
            { _, cairo, width, height, context in
                guard let context, let cairo else { return }
                let swatch = Unmanaged<ColorSwatch>.fromOpaque(context).takeUnretainedValue()
                let (w, h, radius) = (Double(width), Double(height), 8.0)
                cairo_new_sub_path(cairo)
                cairo_arc(cairo, w - radius, radius, radius, -Double.pi / 2, 0)
                cairo_arc(cairo, w - radius, h - radius, radius, 0, Double.pi / 2)
                cairo_arc(cairo, radius, h - radius, radius, Double.pi / 2, Double.pi)
                cairo_arc(cairo, radius, radius, radius, Double.pi, 3 * Double.pi / 2)
                cairo_close_path(cairo)
                cairo_set_source_rgb(cairo, swatch.red, swatch.green, swatch.blue)
                cairo_fill(cairo)
            }, context, nil)
    }

    deinit { gtk_drawing_area_set_draw_func(handle.typed(), nil, nil, nil) }
}
