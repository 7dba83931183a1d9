internal import CPangoCairo
import OnDemandLibrary

/// gdk-pixbuf, opened with `dlopen` the first time an image is decoded (a scan, or a card image
/// taken in): linked, it and the codecs it links (libjpeg, libtiff) were resident in every wallet
/// process although only those commands decode PNG or JPEG files with it. GLib, which its API
/// also uses, is opened with it (CLibrariesOnDemand). Shared by `Scanning` and `CardArt`.
public struct PixbufLibrary: Sendable {
    /// Debian 12's soname (package libgdk-pixbuf-2.0-0).
    public static let soname = "libgdk_pixbuf-2.0.so.0"

    public typealias FileInfo = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
    public typealias FormatName = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    public typealias NewFromFile = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?
    public typealias NewFromFileAtScale = @convention(c) (
        UnsafePointer<CChar>?, Int32, Int32, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?
    public typealias Transform = @convention(c) (OpaquePointer?) -> OpaquePointer?
    public typealias ScaleSimple = @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> OpaquePointer?
    public typealias AddAlpha = @convention(c) (OpaquePointer?, Int32, UInt8, UInt8, UInt8) -> OpaquePointer?
    public typealias IntProperty = @convention(c) (OpaquePointer?) -> Int32
    public typealias ReadPixels = @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    public typealias ByteLength = @convention(c) (OpaquePointer?) -> Int

    public let fileInfo: FileInfo
    public let formatName: FormatName
    public let newFromFile: NewFromFile
    /// Decodes scaled to fit the width and height given (aspect kept when the third is non-zero);
    /// JPEG scales while decoding.
    public let newFromFileAtScale: NewFromFileAtScale
    public let applyEmbeddedOrientation: Transform
    /// A scaled copy; the last argument is a `GdkInterpType` (``bilinear``).
    public let scaleSimple: ScaleSimple
    /// `GDK_INTERP_BILINEAR`.
    public static let bilinear: Int32 = 2
    /// A copy with an alpha channel (the last three arguments unused when the second is 0).
    public let addAlpha: AddAlpha
    public let channels: IntProperty
    /// A gboolean: non-zero when the pixels have an alpha channel.
    public let hasAlpha: IntProperty
    public let width: IntProperty
    public let height: IntProperty
    public let rowStride: IntProperty
    public let readPixels: ReadPixels
    public let byteLength: ByteLength

    /// The library, loaded once; the loader's message when it is not installed.
    public static let shared: Result<PixbufLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(soname)
        return PixbufLibrary(
            fileInfo: try library.function("gdk_pixbuf_get_file_info", as: FileInfo.self),
            formatName: try library.function("gdk_pixbuf_format_get_name", as: FormatName.self),
            newFromFile: try library.function("gdk_pixbuf_new_from_file", as: NewFromFile.self),
            newFromFileAtScale: try library.function("gdk_pixbuf_new_from_file_at_scale", as: NewFromFileAtScale.self),
            applyEmbeddedOrientation: try library.function("gdk_pixbuf_apply_embedded_orientation", as: Transform.self),
            scaleSimple: try library.function("gdk_pixbuf_scale_simple", as: ScaleSimple.self),
            addAlpha: try library.function("gdk_pixbuf_add_alpha", as: AddAlpha.self),
            channels: try library.function("gdk_pixbuf_get_n_channels", as: IntProperty.self),
            hasAlpha: try library.function("gdk_pixbuf_get_has_alpha", as: IntProperty.self),
            width: try library.function("gdk_pixbuf_get_width", as: IntProperty.self),
            height: try library.function("gdk_pixbuf_get_height", as: IntProperty.self),
            rowStride: try library.function("gdk_pixbuf_get_rowstride", as: IntProperty.self),
            readPixels: try library.function("gdk_pixbuf_read_pixels", as: ReadPixels.self),
            byteLength: try library.function("gdk_pixbuf_get_byte_length", as: ByteLength.self))
    }

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
        guard let info = fileInfo(path, &width, &height) else { return nil }
        var format = "unknown"
        if let name = formatName(info) {
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
