/// Why a PNG could not be produced or written. ``description`` is one actionable line.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Width or height is zero, negative, or beyond PNG's 2^31 - 1 limit.
    case invalidDimensions(width: Int, height: Int)
    /// The pixel buffer does not hold `height` rows of the format's row size.
    case pixelBufferSize(expected: Int, actual: Int)
    /// The palette is empty, too large, or has more alpha entries than colours.
    case invalidPalette(String)
    /// `png_create_write_struct` / `png_create_info_struct` returned NULL (out of memory).
    case libpngUnavailable
    /// libpng raised an error (`png_error`) while writing.
    case libpngFailed(stage: String)

    public var description: String {
        switch self {
        case .invalidDimensions(let width, let height):
            return "cannot make a \(width)x\(height) PNG: width and height must be 1 to 2147483647 pixels"
        case .pixelBufferSize(let expected, let actual):
            return "pixel buffer holds \(actual) bytes, the image needs \(expected)"
        case .invalidPalette(let reason):
            return "invalid PNG palette: \(reason)"
        case .libpngUnavailable:
            return "libpng could not allocate its write structures (out of memory)"
        case .libpngFailed(let stage):
            return "libpng failed while writing the \(stage)"
        }
    }
}
