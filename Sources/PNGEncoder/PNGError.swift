/// Why a PNG could not be produced or written. ``description`` is one actionable line.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Width or height is zero, negative, or beyond PNG's 2^31 - 1 limit.
    case invalidDimensions(width: Int, height: Int)
    /// The pixel buffer does not hold `height` rows of the format's row size.
    case pixelBufferSize(expected: Int, actual: Int)
    /// The palette is empty, too large, or has more alpha entries than colors.
    case invalidPalette(String)
    /// `png_create_write_struct` / `png_create_info_struct` returned NULL (see docs/ARCHITECTURE.md,
    /// "Out of memory": a NULL from a C allocator becomes this case, never a crash).
    case outOfMemory
    /// libpng raised an error (`png_error`) while writing `stage`; `message` is libpng's own text.
    case libpngFailed(stage: String, message: String)

    public var description: String {
        switch self {
        case .invalidDimensions(let width, let height):
            return "cannot make a \(width)x\(height) PNG: width and height must be 1 to 2147483647 pixels"
        case .pixelBufferSize(let expected, let actual):
            return "pixel buffer holds \(actual) bytes, the image needs \(expected)"
        case .invalidPalette(let reason):
            return "invalid PNG palette: \(reason)"
        case .outOfMemory:
            return "libpng could not allocate its write structures (out of memory)"
        case .libpngFailed(let stage, let message):
            return "libpng failed while writing the \(stage): \(message)"
        }
    }
}
