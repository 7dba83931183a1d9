/// Why an image could not be read or decoded by gdk-pixbuf. The `Scanning` and `CardArt` rooms each turn
/// it into their own one-line error in one place (`ScanError(_:path:)`,
/// `CardImageError(_:name:)`), adding the file's name; ``Damage/description`` is the reason
/// both print for a damaged file.
public enum PixbufError: Error, Equatable, Sendable {
    /// gdk-pixbuf, opened on demand, is not installed (the loader's message).
    case libraryMissing(reason: String)
    /// The file could not be opened or read (errno text).
    case unreadable(reason: String)
    /// Neither PNG nor JPEG; `detected` is gdk-pixbuf's name of what it is ("GIF"), when it knows.
    case unsupportedType(detected: String?)
    /// The header gives more than `limit` pixels: refused before a pixel is decoded.
    case tooManyPixels(ImageSize, limit: Int)
    /// A PNG or JPEG (by its signature or header) that cannot be read as one.
    case damaged(ImageFormat, Damage)
    /// GLib could not allocate an image for this step ("scale it", "add its alpha channel").
    case outOfMemory(operation: String)

    /// What is wrong inside a damaged PNG or JPEG.
    public enum Damage: Equatable, Sendable, CustomStringConvertible {
        /// It starts with the format's signature but gdk-pixbuf cannot read its header.
        case headerUnreadable
        /// Its header gives a zero width or height.
        case noSize
        /// gdk-pixbuf refused its content (GLib's error kept).
        case undecodable(GLibError)
        /// It decoded to another size than its header gave (a header that lies).
        case sizeMismatch(header: ImageSize, decoded: ImageSize)
        /// Its EXIF orientation could not be applied.
        case orientationFailed

        public var description: String {
            switch self {
            case .headerUnreadable: "its header cannot be read"
            case .noSize: "no image size in its header"
            case .undecodable(let error): error.message
            case .sizeMismatch(let header, let decoded): "its header says \(header) but it decodes to \(decoded)"
            case .orientationFailed: "its orientation could not be applied"
            }
        }
    }
}
