/// How 8-bit pixels are laid out in a ``PixelImage``.
enum PixelLayout: Sendable {
    case gray
    case rgb
    /// Straight alpha; composited onto white before decoding.
    case rgba
    /// Cairo's RGB24 on a little-endian machine: blue, green, red, unused.
    case bgrx

    var bytesPerPixel: Int {
        switch self {
        case .gray: 1
        case .rgb: 3
        case .rgba, .bgrx: 4
        }
    }
}

/// A decoded image the barcode reader looks at: borrowed pixel rows of a loader's buffer.
struct PixelImage {
    var pixels: UnsafeRawBufferPointer
    var width: Int
    var height: Int
    var rowStride: Int
    var layout: PixelLayout
}
