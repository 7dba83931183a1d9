internal import FileOutput
internal import Glibc

/// What a PNG or JPEG file's header says, read without decoding a pixel: the one check the
/// `Scanning` and `CardArt` rooms make before decoding an untrusted image.
public struct ImageHeader: Equatable, Sendable {
    public var format: ImageFormat
    public var size: ImageSize

    public init(format: ImageFormat, size: ImageSize) {
        self.format = format
        self.size = size
    }

    /// The header of the file at `path`, checked: a PNG or JPEG (a file with either signature
    /// whose header gdk-pixbuf cannot read is damaged, not of another type), of a positive size
    /// of at most `maxPixels` pixels.
    public static func checked(path: String, maxPixels: Int) throws(PixbufError) -> ImageHeader {
        let gdk = try PixbufLibrary.loaded()
        let signed = try ImageFormat.signed(firstBytes(of: path, count: 8))
        guard let (name, size) = gdk.header(path: path) else {
            if let signed { throw .damaged(signed, .headerUnreadable) }
            throw .unsupportedType(detected: nil)
        }
        guard let format = ImageFormat(gdkName: name) else { throw .unsupportedType(detected: name.uppercased()) }
        guard size.width > 0, size.height > 0 else { throw .damaged(format, .noSize) }
        guard size.pixels <= maxPixels else { throw .tooManyPixels(size, limit: maxPixels) }
        return ImageHeader(format: format, size: size)
    }

    /// Up to `count` bytes from the start of the file at `path`.
    private static func firstBytes(of path: String, count: Int) throws(PixbufError) -> [UInt8] {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .unreadable(reason: ErrnoText.message(for: errno)) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled) }
            }
            guard read >= 0 else { throw .unreadable(reason: ErrnoText.message(for: errno)) }
            if read == 0 { break }
            filled += read
        }
        return Array(bytes.prefix(filled))
    }
}
