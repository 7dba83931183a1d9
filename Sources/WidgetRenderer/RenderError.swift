/// Why a snapshot could not be rendered. Each ``description`` is one line a person can act on.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Cairo could not make a surface of this size (out of memory or an absurd size).
    case surfaceFailed(width: Int, height: Int, status: String)
    case unsupportedScale(Int)
    /// Encoding the pixels as PNG failed.
    case encodingFailed(String)
    /// Writing the PNG failed; the message names the file and the system's reason.
    case writeFailed(String)

    public var description: String {
        switch self {
        case .surfaceFailed(let width, let height, let status):
            "cannot create a \(width)x\(height) drawing surface: \(status)"
        case .unsupportedScale(let scale):
            "unsupported scale \(scale): use 1, 2 or 3"
        case .encodingFailed(let detail):
            "cannot encode the snapshot as PNG: \(detail)"
        case .writeFailed(let message):
            message
        }
    }
}
