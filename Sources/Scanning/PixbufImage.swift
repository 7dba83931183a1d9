import Pixbuf
import OnDemandLibrary

/// A PNG or JPEG decoded by gdk-pixbuf (``PixbufLibrary``), upright (EXIF orientation applied);
/// the pixbuf is released in deinit.
final class PixbufImage {
    /// gdk-pixbuf's names for the formats a scan reads.
    private static let acceptedFormats: Set<String> = ["png", "jpeg"]

    private let gdk: PixbufLibrary
    private let pixbuf: OpaquePointer

    /// Loads `path` after checking its header: PNG or JPEG, at most `limits.maxPixels`.
    init(path: String, limits: ScanLimits) throws(ScanError) {
        gdk = try PixbufLibrary.shared.mapError { ScanError.imageReaderMissing(path: path, reason: $0.description) }.get()
        guard let header = gdk.header(path: path) else { throw .unsupportedType(path: path, detected: nil) }
        let (width, height) = (header.width, header.height)
        guard Self.acceptedFormats.contains(header.format) else {
            throw .unsupportedType(path: path, detected: header.format.uppercased())
        }
        let kind = header.format == "png" ? "PNG" : "JPEG"
        guard width > 0, height > 0 else { throw .corrupt(path: path, kind: kind, reason: "no image size in its header") }
        guard width * height <= limits.maxPixels else {
            throw .tooManyPixels(path: path, width: width, height: height, limit: limits.maxPixels)
        }
        var error: UnsafeMutableRawPointer?
        guard let loaded = gdk.newFromFile(path, &error) else {
            throw .corrupt(path: path, kind: kind, reason: GLibErrorText.message(taking: error))
        }
        defer { PixbufLibrary.release(loaded) }
        guard let upright = gdk.applyEmbeddedOrientation(loaded) else {
            throw .corrupt(path: path, kind: kind, reason: "its orientation could not be applied")
        }
        pixbuf = upright
    }

    deinit { PixbufLibrary.release(pixbuf) }

    /// Calls `body` with the pixels (valid only during the call).
    func withPixels<Result>(_ body: (PixelImage) throws(ScanError) -> Result) throws(ScanError) -> Result {
        let channels = Int(gdk.channels(pixbuf))
        let hasAlpha = gdk.hasAlpha(pixbuf) != 0
        // gdk-pixbuf holds 8-bit RGB, with or without alpha.
        let layout: PixelLayout = channels == 4 && hasAlpha ? .rgba : .rgb
        let image = PixelImage(
            pixels: UnsafeRawBufferPointer(start: gdk.readPixels(pixbuf), count: gdk.byteLength(pixbuf)),
            width: Int(gdk.width(pixbuf)), height: Int(gdk.height(pixbuf)),
            rowStride: Int(gdk.rowStride(pixbuf)), layout: layout)
        return try body(image)
    }
}
