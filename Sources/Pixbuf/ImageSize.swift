/// An image's width and height in pixels.
public struct ImageSize: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixels: Int { width * height }

    /// "1200x300".
    public var description: String { "\(width)x\(height)" }

    /// The largest size with this aspect that fits `maxWidth` x `maxHeight`: this size when it
    /// already fits (never larger), at least 1 x 1.
    public func fitted(maxWidth: Int, maxHeight: Int) -> ImageSize {
        guard width > maxWidth || height > maxHeight else { return self }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        return ImageSize(
            width: max(1, min(maxWidth, Int((Double(width) * scale).rounded()))),
            height: max(1, min(maxHeight, Int((Double(height) * scale).rounded()))))
    }

    /// Whether `other` is this size give or take a pixel either way (a decoder's rounding when
    /// it scales while decoding).
    func matches(_ other: ImageSize) -> Bool {
        abs(width - other.width) <= 1 && abs(height - other.height) <= 1
    }
}
