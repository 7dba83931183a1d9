internal import CPangoCairo
import Foundation

extension WidgetRenderer {
    /// A snapshot PNG as a one-page PDF the widget's size in points (pixels / `scale`), with the
    /// pixels embedded as they are and shown unfiltered, so every barcode module stays a sharp
    /// square at any zoom.
    public static func pdf(fromPNG png: Data, scale: Int) throws(RenderError) -> Data {
        let image = try decodePNG(png)
        defer { cairo_surface_destroy(image) }
        let width = Int(cairo_image_surface_get_width(image))
        let height = Int(cairo_image_surface_get_height(image))
        let points = Double(scale)
        return try PDFPage.render(width: Double(width) / points, height: Double(height) / points, unitsPerPoint: scale) {
            canvas in
            cairo_set_source_surface(canvas.context, image, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(canvas.context), CAIRO_FILTER_NEAREST)
            cairo_paint(canvas.context)
        }
    }

    /// Cairo's image surface for PNG bytes (the caller destroys it).
    private static func decodePNG(_ png: Data) throws(RenderError) -> OpaquePointer {
        let reader = PNGReader(png)
        guard
            let image = cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let reader = Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue()
                    return reader.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(reader).toOpaque())
        else { throw .outOfMemory("image surface for the snapshot PNG") }
        let status = withExtendedLifetime(reader) { cairo_surface_status(image) }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            throw .pdfFailed("cannot read the snapshot PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return image
    }

    /// Hands PNG bytes to Cairo in the pieces it asks for.
    private final class PNGReader {
        private let bytes: Data
        private var offset = 0

        init(_ bytes: Data) { self.bytes = bytes }

        func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
            guard count <= bytes.count - offset else { return false }
            bytes.copyBytes(to: buffer, from: (bytes.startIndex + offset)..<(bytes.startIndex + offset + count))
            offset += count
            return true
        }
    }
}
