internal import CPangoCairo
import Foundation

/// One-page PDF documents drawn with Cairo's PDF surface into memory.
enum PDFPage {
    /// A page of `width` x `height` PDF points. The canvas handed to `draw` counts
    /// `unitsPerPoint` units per point, so whole units (where barcodes are placed) can be finer
    /// than a point.
    static func render(
        width: Double, height: Double, unitsPerPoint: Int, draw: (Canvas) throws(RenderError) -> Void
    ) throws(RenderError) -> Data {
        let sink = ByteSink()
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(data, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque(), width, height)
        else { throw .outOfMemory("PDF surface") }
        let canvas = Canvas(
            surface: surface, width: Int(width) * unitsPerPoint, height: Int(height) * unitsPerPoint)
        try check(surface)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "wallet")
        cairo_scale(canvas.context, 1 / Double(unitsPerPoint), 1 / Double(unitsPerPoint))
        try draw(canvas)
        cairo_show_page(canvas.context)
        try canvas.checkStatus()
        cairo_surface_finish(surface)
        try check(surface)
        return withExtendedLifetime(sink) { sink.bytes }
    }

    private static func check(_ surface: OpaquePointer) throws(RenderError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .pdfFailed(String(cString: cairo_status_to_string(status))) }
    }

    /// Collects what Cairo writes.
    private final class ByteSink {
        var bytes = Data()
    }
}
