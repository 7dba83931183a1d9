import Foundation
internal import CPangoCairo

/// A PNG decoded by Cairo into an image surface, to draw a card's logo. Owns the surface: created
/// in `init`, destroyed in `deinit`. Only the wallet's own re-encoded images come here (card art
/// is decoded under the intake's bounds and stored as small PNGs), and sizes are checked again.
final class CairoImage {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    /// The largest side accepted (the largest stored card image is 1200 px).
    static let maximumSide = 2048

    /// Nil when `png` is not a PNG Cairo reads, or is larger than ``maximumSide``.
    init?(png: Data) {
        guard png.count > 8 else { return nil }
        var reader = PNGReader(data: png)
        let decoded = withUnsafeMutablePointer(to: &reader) { pointer in
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                    return closure.assumingMemoryBound(to: PNGReader.self).pointee.read(into: buffer, count: Int(length))
                }, pointer)
        }
        guard let decoded, cairo_surface_status(decoded) == CAIRO_STATUS_SUCCESS else {
            if let decoded { cairo_surface_destroy(decoded) }
            return nil
        }
        let width = Int(cairo_image_surface_get_width(decoded)), height = Int(cairo_image_surface_get_height(decoded))
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            cairo_surface_destroy(decoded)
            return nil
        }
        surface = decoded
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The largest rectangle of this image's proportions inside `box`, at its left (or centre) and
    /// vertically centred, on whole pixels.
    func fitted(in box: Rect, centred: Bool = false) -> Rect {
        let factor = min(box.width / Double(width), box.height / Double(height))
        let size = (width: (Double(width) * factor).rounded(.down), height: (Double(height) * factor).rounded(.down))
        let x = centred ? box.x + ((box.width - size.width) / 2).rounded(.down) : box.x
        return Rect(x: x, y: box.y + ((box.height - size.height) / 2).rounded(.down), width: size.width, height: size.height)
    }

    /// Draws the image scaled into `rect` (device pixels), filtered for downscaling.
    func draw(in rect: Rect, on canvas: Canvas) {
        guard rect.width > 0, rect.height > 0 else { return }
        let context = canvas.context
        cairo_save(context)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(context)
        cairo_translate(context, rect.x, rect.y)
        cairo_scale(context, rect.width / Double(width), rect.height / Double(height))
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }
}

/// Hands a PNG's bytes to Cairo's stream reader piece by piece.
private struct PNGReader {
    let data: Data
    var offset = 0

    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard count <= data.count - offset else { return CAIRO_STATUS_READ_ERROR }
        data.copyBytes(
            to: buffer,
            from: data.index(data.startIndex, offsetBy: offset)..<data.index(data.startIndex, offsetBy: offset + count))
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
