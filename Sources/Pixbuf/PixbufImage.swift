/// A PNG or JPEG decoded by gdk-pixbuf, upright (EXIF orientation applied), that owns its
/// pixbuf: made by an initializer, released in `deinit` (as Yams owns its parser). No GLib type
/// leaves it; its pixels are lent to a closure by ``withPixels(_:)``.
public final class PixbufImage {
    private let gdk: PixbufLibrary
    private let pixbuf: OpaquePointer
    /// The format it was decoded from.
    public let format: ImageFormat

    /// Takes ownership of `pixbuf` (a reference gdk-pixbuf gave).
    private init(gdk: PixbufLibrary, owning pixbuf: OpaquePointer, format: ImageFormat) {
        self.gdk = gdk
        self.pixbuf = pixbuf
        self.format = format
    }

    deinit { PixbufLibrary.release(pixbuf) }

    /// Decodes the file at `path`, whose `header` ``ImageHeader/checked(path:maxPixels:)`` read,
    /// no larger than `side` x `side` when given (JPEG scales while decoding, so a large photo
    /// never exists at full size); refused when it decodes to another size than its header gave.
    public convenience init(decoding path: String, header: ImageHeader, fittingSide side: Int? = nil) throws(PixbufError) {
        let gdk = try PixbufLibrary.loaded()
        let needsScale = side.map { header.size.width > $0 || header.size.height > $0 } ?? false
        let decoded = try gdk.decode(path, fittingSide: needsScale ? side : nil).mapError {
            PixbufError.damaged(header.format, .undecodable($0))
        }.get()
        let loaded = PixbufImage(gdk: gdk, owning: decoded, format: header.format)
        let expected = side.map { header.size.fitted(maxWidth: $0, maxHeight: $0) } ?? header.size
        guard loaded.size.matches(expected) else {
            throw .damaged(header.format, .sizeMismatch(header: header.size, decoded: loaded.size))
        }
        guard let upright = gdk.applyEmbeddedOrientation(decoded) else { throw .damaged(header.format, .orientationFailed) }
        self.init(gdk: gdk, owning: upright, format: header.format)
    }

    public var size: ImageSize { gdk.size(pixbuf) }
    /// Whether its pixels carry an alpha channel (RGBA), else RGB.
    public var hasAlpha: Bool { gdk.hasAlpha(pixbuf) }

    /// A copy scaled to `size` (bilinear); this image when it has that size already.
    public func scaled(to size: ImageSize) throws(PixbufError) -> PixbufImage {
        guard size != self.size else { return self }
        guard let scaled = gdk.scale(pixbuf, to: size) else { throw .outOfMemory(operation: "scale it") }
        return PixbufImage(gdk: gdk, owning: scaled, format: format)
    }

    /// A copy with an opaque alpha channel (RGBA); this image when it has one already.
    public func withAlphaChannel() throws(PixbufError) -> PixbufImage {
        guard !hasAlpha else { return self }
        guard let rgba = gdk.addAlpha(pixbuf) else { throw .outOfMemory(operation: "add its alpha channel") }
        return PixbufImage(gdk: gdk, owning: rgba, format: format)
    }

    /// Calls `body` with the pixels, valid only during the call.
    public func withPixels<Result, Failure>(_ body: (PixbufPixels) throws(Failure) -> Result) throws(Failure) -> Result {
        let pixels = PixbufPixels(
            bytes: UnsafeRawBufferPointer(start: gdk.readPixels(pixbuf), count: gdk.byteLength(pixbuf)),
            size: size, rowStride: gdk.rowStride(pixbuf), channels: gdk.channels(pixbuf), hasAlpha: hasAlpha)
        return try body(pixels)
    }
}

/// A decoded image's 8-bit pixels as gdk-pixbuf holds them: rows of RGB or RGBA (`channels`
/// bytes a pixel), `rowStride` bytes apart; the last row may end without padding.
public struct PixbufPixels {
    public var bytes: UnsafeRawBufferPointer
    public var size: ImageSize
    public var rowStride: Int
    public var channels: Int
    public var hasAlpha: Bool
}
