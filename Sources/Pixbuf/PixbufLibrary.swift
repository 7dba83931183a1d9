internal import CPangoCairo
internal import CPixbuf
import OnDemandLibrary

/// gdk-pixbuf, opened with `dlopen` the first time an image is decoded (a scan, or a card image
/// taken in): linked, it and the codecs it links (libjpeg, libtiff) were resident in every wallet
/// process although only those commands decode PNG or JPEG files with it. GLib, which its API
/// also uses, is opened with it (CLibrariesOnDemand). Shared by `Scanning` and `CardArt`.
///
/// Calls go through `wallet_pixbuf` (CPixbuf), whose function types come from gdk-pixbuf's own
/// header, so the compiler checks each call. Pixbufs are `OpaquePointer`s; errors are
/// `GError`s seen as raw pointers, read by ``GLibErrorText``.
public struct PixbufLibrary: Sendable {
    private let api: wallet_pixbuf

    /// `GDK_INTERP_BILINEAR`.
    public static let bilinear: Int32 = Int32(GDK_INTERP_BILINEAR.rawValue)

    /// The library, loaded once; the loader's message when it is not installed.
    public static let shared: Result<PixbufLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(WALLET_PIXBUF_SONAME)
        var api = wallet_pixbuf()
        try library.fill { wallet_pixbuf_fill(&api, $0) }
        return PixbufLibrary(api: api)
    }

    /// Decodes the file at `path`; nil with `error` set when it cannot.
    public func newFromFile(_ path: String, _ error: inout UnsafeMutableRawPointer?) -> OpaquePointer? {
        GLibErrorText.catching(&error) { api.gdk_pixbuf_new_from_file(path, $0) }
    }

    /// Decodes scaled to fit the width and height given (aspect kept when the third is non-zero);
    /// JPEG scales while decoding.
    public func newFromFileAtScale(
        _ path: String, _ width: Int32, _ height: Int32, _ keepAspect: Int32, _ error: inout UnsafeMutableRawPointer?
    ) -> OpaquePointer? {
        GLibErrorText.catching(&error) { api.gdk_pixbuf_new_from_file_at_scale(path, width, height, keepAspect, $0) }
    }

    /// A copy turned as its EXIF orientation says.
    public func applyEmbeddedOrientation(_ pixbuf: OpaquePointer) -> OpaquePointer? {
        api.gdk_pixbuf_apply_embedded_orientation(pixbuf)
    }

    /// A scaled copy; `interpolation` is a `GdkInterpType` (``bilinear``).
    public func scaleSimple(_ pixbuf: OpaquePointer, _ width: Int32, _ height: Int32, _ interpolation: Int32) -> OpaquePointer? {
        api.gdk_pixbuf_scale_simple(pixbuf, width, height, GdkInterpType(rawValue: UInt32(interpolation)))
    }

    /// A copy with an alpha channel (the last three arguments unused when the second is 0).
    public func addAlpha(
        _ pixbuf: OpaquePointer, _ substitute: Int32, _ red: UInt8, _ green: UInt8, _ blue: UInt8
    ) -> OpaquePointer? {
        api.gdk_pixbuf_add_alpha(pixbuf, substitute, red, green, blue)
    }

    public func channels(_ pixbuf: OpaquePointer) -> Int32 { api.gdk_pixbuf_get_n_channels(pixbuf) }
    /// A gboolean: non-zero when the pixels have an alpha channel.
    public func hasAlpha(_ pixbuf: OpaquePointer) -> Int32 { api.gdk_pixbuf_get_has_alpha(pixbuf) }
    public func width(_ pixbuf: OpaquePointer) -> Int32 { api.gdk_pixbuf_get_width(pixbuf) }
    public func height(_ pixbuf: OpaquePointer) -> Int32 { api.gdk_pixbuf_get_height(pixbuf) }
    public func rowStride(_ pixbuf: OpaquePointer) -> Int32 { api.gdk_pixbuf_get_rowstride(pixbuf) }
    public func readPixels(_ pixbuf: OpaquePointer) -> UnsafePointer<UInt8>? { api.gdk_pixbuf_read_pixels(pixbuf) }
    public func byteLength(_ pixbuf: OpaquePointer) -> Int { Int(api.gdk_pixbuf_get_byte_length(pixbuf)) }

    /// What an image file's header says, read without decoding its pixels.
    public struct Header: Equatable, Sendable {
        /// gdk-pixbuf's format name: `png`, `jpeg`, `gif`, ...
        public var format: String
        public var width: Int
        public var height: Int
    }

    /// The header of the file at `path`, or nil when gdk-pixbuf knows no format that reads it.
    public func header(path: String) -> Header? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let info = api.gdk_pixbuf_get_file_info(path, &width, &height) else { return nil }
        var format = "unknown"
        if let name = api.gdk_pixbuf_format_get_name(info) {
            format = String(cString: name)
            g_free(name)
        }
        return Header(format: format, width: Int(width), height: Int(height))
    }

    /// Drops a reference to a pixbuf (a GObject).
    public static func release(_ pixbuf: OpaquePointer) {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }
}
