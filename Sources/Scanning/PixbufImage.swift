internal import CGdkPixbuf

/// A PNG or JPEG decoded by gdk-pixbuf, upright (EXIF orientation applied); the pixbuf is
/// released in deinit.
final class PixbufImage {
    /// gdk-pixbuf's names for the formats a scan reads.
    private static let acceptedFormats: Set<String> = ["png", "jpeg"]

    private let pixbuf: OpaquePointer

    /// Loads `path` after checking its header: PNG or JPEG, at most `limits.maxPixels`.
    init(path: String, limits: ScanLimits) throws(ScanError) {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let info = gdk_pixbuf_get_file_info(path, &width, &height) else {
            throw .unsupportedType(path: path, detected: nil)
        }
        let name = Self.formatName(info)
        guard Self.acceptedFormats.contains(name) else { throw .unsupportedType(path: path, detected: name.uppercased()) }
        let kind = name == "png" ? "PNG" : "JPEG"
        guard width > 0, height > 0 else { throw .corrupt(path: path, kind: kind, reason: "no image size in its header") }
        guard Int(width) * Int(height) <= limits.maxPixels else {
            throw .tooManyPixels(path: path, width: Int(width), height: Int(height), limit: limits.maxPixels)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gdk_pixbuf_new_from_file(path, &error) else {
            throw .corrupt(path: path, kind: kind, reason: GLibErrorText.message(taking: error.map(UnsafeMutableRawPointer.init)))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(loaded) else {
            throw .corrupt(path: path, kind: kind, reason: "its orientation could not be applied")
        }
        pixbuf = upright
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

    /// Calls `body` with the pixels (valid only during the call).
    func withPixels<Result>(_ body: (PixelImage) throws(ScanError) -> Result) throws(ScanError) -> Result {
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        // gdk-pixbuf holds 8-bit RGB, with or without alpha.
        let layout: PixelLayout = channels == 4 && hasAlpha ? .rgba : .rgb
        let image = PixelImage(
            pixels: UnsafeRawBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: Int(gdk_pixbuf_get_byte_length(pixbuf))),
            width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)),
            rowStride: Int(gdk_pixbuf_get_rowstride(pixbuf)), layout: layout)
        return try body(image)
    }

    private static func formatName(_ info: OpaquePointer) -> String {
        guard let name = gdk_pixbuf_format_get_name(info) else { return "unknown" }
        defer { g_free(name) }
        return String(cString: name)
    }
}
