import OnDemandLibrary

/// gdk-pixbuf, opened with `dlopen` the first time an image is scanned: linked, it and the codecs
/// it links (libjpeg, libtiff) were resident in every wallet process although only a scan decodes
/// PNG or JPEG files with it. GLib, which its API also uses, is already linked (through Pango).
struct PixbufLibrary: Sendable {
    /// Debian 12's soname (package libgdk-pixbuf-2.0-0).
    static let soname = "libgdk_pixbuf-2.0.so.0"

    typealias FileInfo = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
    typealias FormatName = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias NewFromFile = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?
    typealias Transform = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias IntProperty = @convention(c) (OpaquePointer?) -> Int32
    typealias ReadPixels = @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    typealias ByteLength = @convention(c) (OpaquePointer?) -> Int

    let fileInfo: FileInfo
    let formatName: FormatName
    let newFromFile: NewFromFile
    let applyEmbeddedOrientation: Transform
    let channels: IntProperty
    /// A gboolean: non-zero when the pixels have an alpha channel.
    let hasAlpha: IntProperty
    let width: IntProperty
    let height: IntProperty
    let rowStride: IntProperty
    let readPixels: ReadPixels
    let byteLength: ByteLength

    /// The library, loaded once; the loader's message when it is not installed.
    static let shared: Result<PixbufLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(soname)
        return PixbufLibrary(
            fileInfo: try library.function("gdk_pixbuf_get_file_info", as: FileInfo.self),
            formatName: try library.function("gdk_pixbuf_format_get_name", as: FormatName.self),
            newFromFile: try library.function("gdk_pixbuf_new_from_file", as: NewFromFile.self),
            applyEmbeddedOrientation: try library.function("gdk_pixbuf_apply_embedded_orientation", as: Transform.self),
            channels: try library.function("gdk_pixbuf_get_n_channels", as: IntProperty.self),
            hasAlpha: try library.function("gdk_pixbuf_get_has_alpha", as: IntProperty.self),
            width: try library.function("gdk_pixbuf_get_width", as: IntProperty.self),
            height: try library.function("gdk_pixbuf_get_height", as: IntProperty.self),
            rowStride: try library.function("gdk_pixbuf_get_rowstride", as: IntProperty.self),
            readPixels: try library.function("gdk_pixbuf_read_pixels", as: ReadPixels.self),
            byteLength: try library.function("gdk_pixbuf_get_byte_length", as: ByteLength.self))
    }
}
