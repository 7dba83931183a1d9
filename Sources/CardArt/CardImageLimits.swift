/// Bounds on an image taken in as card art: the file (or zip member, or base64 value) may come
/// from anywhere, so it is refused before decoding when it is too large, and its pixel count is
/// read from the header before a pixel is decoded, as the scanner does (`ScanLimits`).
public struct CardImageLimits: Equatable, Sendable {
    /// Largest file read, in bytes.
    public var maxFileBytes: Int
    /// Largest image decoded, in pixels (width x height), checked from the header before decoding.
    /// A JPEG is decoded scaled down to its role's size (libjpeg scales while decoding).
    public var maxPixels: Int
    /// Longest one image may take to decode, scale and encode, in seconds (its process is killed then).
    public var seconds: Double

    public init(maxFileBytes: Int, maxPixels: Int, seconds: Double = 10) {
        self.maxFileBytes = maxFileBytes
        self.maxPixels = maxPixels
        self.seconds = seconds
    }

    /// 16 MiB (a phone photo is 3-8 MB), the scanner's 40 megapixels (about a second to decode
    /// as PNG), 10 seconds.
    public static let standard = CardImageLimits(maxFileBytes: 16 << 20, maxPixels: 40_000_000, seconds: 10)
}
