internal import CPangoCairo

/// The translucent fills and the outlines lock-screen widgets and widget buttons need, beside
/// ``Canvas``'s opaque rectangles.
extension Canvas {
    /// Sets a color with opacity `alpha` (0...1) as the source of later drawing.
    func setColor(_ color: RGBColor, alpha: Double) {
        cairo_set_source_rgba(
            context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha)
    }

    /// Fills a circle (antialiased edge).
    func fillCircle(center: (x: Double, y: Double), radius: Double, color: RGBColor, alpha: Double = 1) {
        setColor(color, alpha: alpha)
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_fill(context)
    }

    /// Fills a rounded rectangle with opacity `alpha`.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBColor, alpha: Double) {
        clipped(to: rect, radius: radius) {
            setColor(color, alpha: alpha)
            cairo_paint(context)
        }
    }

    /// Strokes an open polyline with round joins and caps.
    func strokePolyline(_ points: [(x: Double, y: Double)], lineWidth: Double, color: RGBColor) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_new_path(context)
        cairo_move_to(context, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
        cairo_set_line_width(context, lineWidth)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(context)
    }

    /// Fills (or, with `filled` false, strokes with `lineWidth`) a closed polygon.
    func drawPolygon(_ points: [(x: Double, y: Double)], filled: Bool, lineWidth: Double, color: RGBColor) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_new_path(context)
        cairo_move_to(context, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
        cairo_close_path(context)
        if filled {
            cairo_fill(context)
        } else {
            cairo_set_line_width(context, lineWidth)
            cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(context)
        }
    }
}
