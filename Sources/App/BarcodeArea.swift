internal import CAdw

/// The card's code, drawn black on white at the largest whole number of device pixels per
/// module that fits the area (quiet zone included), centred; AT-SPI sees an image named
/// "Barcode". The modules come from ``WindowCard`` (the same encoding as every other place the
/// wallet draws a card).
final class BarcodeArea {
    let handle: ObjectHandle
    private var card: WindowCard?
    private var drawnModuleSize = -1
    /// Called with the device pixels per module each time that changes (0: nothing drawn).
    var onModuleSize: ((Int) -> Void)?

    /// `name` is the image's accessible name.
    init(name: String = tr("Barcode")) {
        handle = ObjectHandle(raw(wallet_image_drawing_area_new()))
        wallet_accessible_set_label(handle.widget, name)
        gtk_widget_set_hexpand(handle.widget, 1)
        gtk_widget_add_css_class(handle.widget, "barcode-plate")
        let context = Unmanaged.passUnretained(self).toOpaque()
        gtk_drawing_area_set_draw_func(
            handle.typed(),
            { _, cairo, width, height, context in
                guard let context, let cairo else { return }
                Unmanaged<BarcodeArea>.fromOpaque(context).takeUnretainedValue().draw(cairo, width, height)
            }, context, nil)
    }

    deinit { gtk_drawing_area_set_draw_func(handle.typed(), nil, nil, nil) }

    /// Shows `card`'s code (nothing when it has none, or for nil).
    func show(_ card: WindowCard?) {
        self.card = card
        drawnModuleSize = -1
        let columns = card?.columns ?? 0
        let height: Int32 = columns == 0 ? 0 : (card?.rows == 1 ? 204 : 324)
        gtk_drawing_area_set_content_height(handle.typed(), height)
        gtk_widget_set_visible(handle.widget, columns == 0 ? 0 : 1)
        gtk_widget_queue_draw(handle.widget)
    }

    private func draw(_ cairo: OpaquePointer, _ width: Int32, _ height: Int32) {
        guard let card, card.columns > 0 else { return report(0) }
        let scale = Int(gtk_widget_get_scale_factor(handle.widget))
        let (deviceWidth, deviceHeight) = (Int(width) * scale, Int(height) * scale)
        // The white plate sits on a band of the card's color, `padding` device pixels wide.
        let padding = 12 * scale
        guard
            let plate = Self.plate(
                for: card, width: deviceWidth - 2 * padding, height: deviceHeight - 2 * padding)
        else { return report(0) }
        let (module, plateWidth, plateHeight) = (plate.module, plate.width, plate.height)
        let left = (deviceWidth - plateWidth) / 2
        let top = (deviceHeight - plateHeight) / 2
        cairo_save(cairo)
        cairo_scale(cairo, 1 / Double(scale), 1 / Double(scale))
        Self.roundedRectangle(
            cairo, x: Double(left - padding), y: Double(top - padding), width: Double(plateWidth + 2 * padding),
            height: Double(plateHeight + 2 * padding), radius: Double(padding))
        cairo_set_source_rgb(
            cairo, Double(card.color >> 16 & 0xFF) / 255, Double(card.color >> 8 & 0xFF) / 255,
            Double(card.color & 0xFF) / 255)
        cairo_fill(cairo)
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_rectangle(cairo, Double(left), Double(top), Double(plateWidth), Double(plateHeight))
        cairo_fill(cairo)
        cairo_set_source_rgb(cairo, 0, 0, 0)
        for row in 0..<card.rows {
            for column in 0..<card.columns where card.modules[row * card.columns + column] {
                let rowHeight = card.rows == 1 ? plateHeight : module
                cairo_rectangle(
                    cairo, Double(left + column * module), Double(top + row * module), Double(module), Double(rowHeight))
            }
        }
        cairo_fill(cairo)
        cairo_restore(cairo)
        report(module)
    }

    /// The largest whole number of device pixels per module at which `card`'s code (quiet zone
    /// included) fits `width` x `height` device pixels, and the white plate's size; nil when not
    /// even one pixel per module fits. A linear code is as wide as fits, its bars as tall as its
    /// format asks within the height.
    static func plate(for card: WindowCard, width: Int, height: Int) -> (module: Int, width: Int, height: Int)? {
        guard card.columns > 0, card.rows > 0 else { return nil }
        let linear = card.rows == 1
        let module = linear ? width / card.columns : min(width / card.columns, height / card.rows)
        guard module > 0, height > 0 else { return nil }
        let plateHeight = linear ? min(height, card.barHeightModules * module) : card.rows * module
        return (module, card.columns * module, plateHeight)
    }

    private static func roundedRectangle(
        _ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double
    ) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    private func report(_ module: Int) {
        guard module != drawnModuleSize else { return }
        drawnModuleSize = module
        onModuleSize?(module)
    }
}
