internal import CPangoCairo
internal import CPixbuf
import OnDemandLibrary

/// gdk-pixbuf, opened with `dlopen` the first time an image is decoded (a scan, or a card image
/// taken in): linked, it and the codecs it links (libjpeg, libtiff) were resident in every wallet
/// process although only those commands decode PNG or JPEG files with it. GLib, which its API
/// also uses, is opened with it (CLibrariesOnDemand).
///
/// Calls go through `wallet_pixbuf` (CPixbuf), whose function types come from gdk-pixbuf's own
/// header, so the compiler checks each call. Internal: other modules see ``ImageHeader`` and
/// ``PixbufImage``, which own what this returns.
struct PixbufLibrary: Sendable {
    private let api: wallet_pixbuf

    /// The library, loaded once; the loader's message when it is not installed.
    static let shared: Result<PixbufLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(WALLET_PIXBUF_SONAME)
        var api = wallet_pixbuf()
        try library.fill { wallet_pixbuf_fill(&api, $0) }
        return PixbufLibrary(api: api)
    }

    /// ``shared``, or ``PixbufError/libraryMissing(reason:)`` with the loader's message.
    static func loaded() throws(PixbufError) -> PixbufLibrary {
        try shared.mapError { PixbufError.libraryMissing(reason: $0.description) }.get()
    }

    /// Decodes the file at `path`, no larger than `side` x `side` when given (aspect kept; JPEG
    /// scales while decoding).
    func decode(_ path: String, fittingSide side: Int?) -> Result<OpaquePointer, GLibError> {
        GLibError.catching { error in
            if let side {
                api.gdk_pixbuf_new_from_file_at_scale(path, Int32(side), Int32(side), 1, error)
            } else {
                api.gdk_pixbuf_new_from_file(path, error)
            }
        }
    }

    /// A copy turned as its EXIF orientation says.
    func applyEmbeddedOrientation(_ pixbuf: OpaquePointer) -> OpaquePointer? {
        api.gdk_pixbuf_apply_embedded_orientation(pixbuf)
    }

    /// A copy scaled to `size`, bilinear.
    func scale(_ pixbuf: OpaquePointer, to size: ImageSize) -> OpaquePointer? {
        api.gdk_pixbuf_scale_simple(pixbuf, Int32(size.width), Int32(size.height), GDK_INTERP_BILINEAR)
    }

    /// A copy with an alpha channel, opaque.
    func addAlpha(_ pixbuf: OpaquePointer) -> OpaquePointer? { api.gdk_pixbuf_add_alpha(pixbuf, 0, 0, 0, 0) }

    func channels(_ pixbuf: OpaquePointer) -> Int { Int(api.gdk_pixbuf_get_n_channels(pixbuf)) }
    func hasAlpha(_ pixbuf: OpaquePointer) -> Bool { api.gdk_pixbuf_get_has_alpha(pixbuf) != 0 }
    func size(_ pixbuf: OpaquePointer) -> ImageSize {
        ImageSize(width: Int(api.gdk_pixbuf_get_width(pixbuf)), height: Int(api.gdk_pixbuf_get_height(pixbuf)))
    }
    func rowStride(_ pixbuf: OpaquePointer) -> Int { Int(api.gdk_pixbuf_get_rowstride(pixbuf)) }
    func readPixels(_ pixbuf: OpaquePointer) -> UnsafePointer<UInt8>? { api.gdk_pixbuf_read_pixels(pixbuf) }
    func byteLength(_ pixbuf: OpaquePointer) -> Int { Int(api.gdk_pixbuf_get_byte_length(pixbuf)) }

    /// gdk-pixbuf's name of the file's format (`png`, `jpeg`, `gif`, ...) and its size, read
    /// from its header without decoding it; nil when no format gdk-pixbuf knows reads it.
    func header(path: String) -> (format: String, size: ImageSize)? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let info = api.gdk_pixbuf_get_file_info(path, &width, &height) else { return nil }
        var format = "unknown"
        if let name = api.gdk_pixbuf_format_get_name(info) {
            format = String(cString: name)
            g_free(name)
        }
        return (format, ImageSize(width: Int(width), height: Int(height)))
    }

    /// Drops a reference to a pixbuf (a GObject).
    static func release(_ pixbuf: OpaquePointer) {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }
}
