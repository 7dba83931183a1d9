internal import CPangoCairo
import Pixbuf
import OnDemandLibrary

/// A PDF opened with poppler-glib (``PopplerLibrary``) from bytes in memory; pages are drawn
/// with Cairo onto white.
final class PDFDocument {
    private let poppler: PopplerLibrary
    private let document: OpaquePointer
    private let path: String

    init(bytes: [UInt8], path: String) throws(ScanError) {
        self.path = path
        poppler = try PopplerLibrary.shared.mapError { ScanError.pdfReaderMissing(path: path, reason: $0.description) }.get()
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        switch poppler.documentFromBytes(data) {
        case .success(let document): self.document = document
        case .failure(let error) where error.code == Self.encryptedErrorCode: throw .encryptedPDF(path: path)
        case .failure(let error): throw .corrupt(path: path, kind: "PDF", reason: error.message)
        }
    }

    /// `POPPLER_ERROR_ENCRYPTED`: the document needs a password.
    static let encryptedErrorCode: Int32 = 1

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    var pageCount: Int { Int(poppler.pageCount(document)) }

    /// Draws page `index` (0-based) at `limits.pdfDotsPerInch`, lowered so the page stays within
    /// `limits.maxPixels`, and calls `body` with its pixels (valid only during the call).
    func withPage<Result>(
        _ index: Int, limits: ScanLimits, _ body: (PixelImage) throws(ScanError) -> Result
    ) throws(ScanError) -> Result {
        guard let page = poppler.page(document, Int32(index)) else {
            throw .corrupt(path: path, kind: "PDF", reason: "page \(index + 1) cannot be read")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var widthPoints = 0.0
        var heightPoints = 0.0
        poppler.pageSize(page, &widthPoints, &heightPoints)
        guard widthPoints.isFinite, heightPoints.isFinite, widthPoints >= 1, heightPoints >= 1 else {
            throw .corrupt(path: path, kind: "PDF", reason: "page \(index + 1) has no size")
        }
        let (width, height, scale) = Self.rasterSize(widthPoints: widthPoints, heightPoints: heightPoints, limits: limits)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .corrupt(path: path, kind: "PDF", reason: "page \(index + 1) cannot be drawn")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw .corrupt(path: path, kind: "PDF", reason: "page \(index + 1) needs more memory than there is to draw")
        }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        poppler.render(page, context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let image = PixelImage(
            pixels: UnsafeRawBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height),
            width: width, height: height, rowStride: stride, layout: .bgrx)
        return try body(image)
    }

    /// Pixel size and scale (pixels per point) for a page: the configured resolution, or less
    /// when that would go past the pixel limit; never beyond Cairo's 32767-pixel sides.
    static func rasterSize(widthPoints: Double, heightPoints: Double, limits: ScanLimits) -> (Int, Int, Double) {
        var scale = limits.pdfDotsPerInch / 72
        let pixels = widthPoints * heightPoints * scale * scale
        if pixels > Double(limits.maxPixels) { scale *= (Double(limits.maxPixels) / pixels).squareRoot() }
        scale = min(scale, 32767 / widthPoints, 32767 / heightPoints)
        let width = max(1, Int((widthPoints * scale).rounded(.down)))
        let height = max(1, Int((heightPoints * scale).rounded(.down)))
        return (width, height, scale)
    }
}
