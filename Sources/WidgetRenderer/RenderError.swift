public import FileOutput
public import PNGEncoder

/// Why a snapshot could not be rendered. Each ``description`` is one line a person can act on.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Cairo could not make a surface of this size (out of memory or an absurd size); `status` is
    /// the `cairo_status_t` and `message` Cairo's `cairo_status_to_string` text for it.
    case surfaceFailed(width: Int, height: Int, status: Int32, message: String)
    /// Cairo's context ended a draw in an error state (`cairo_status` at the end of the draw).
    case drawingFailed(status: Int32, message: String)
    /// A C allocator returned NULL (docs/ARCHITECTURE.md, "Out of memory"); names what was allocated.
    case outOfMemory(String)
    case unsupportedScale(Int)
    /// The device has no widgets of the entry's family (the message says which devices do).
    case unsupportedFamily(String)
    /// Encoding the pixels as PNG failed.
    case encodingFailed(PNGError)
    /// Writing the PNG failed: the file and the system's reason.
    case writeFailed(FileError)
    /// Cairo could not make a PDF (or read the snapshot it embeds).
    case pdfFailed(String)

    public var description: String {
        switch self {
        case .surfaceFailed(let width, let height, _, let message):
            "cannot create a \(width)x\(height) drawing surface: \(message)"
        case .drawingFailed(let status, let message):
            "cannot draw the snapshot: cairo status \(status) (\(message))"
        case .outOfMemory(let what):
            "cannot draw the snapshot: out of memory (\(what))"
        case .unsupportedScale(let scale):
            "unsupported scale \(scale): use 1, 2 or 3"
        case .unsupportedFamily(let message):
            message
        case .encodingFailed(let error):
            "cannot encode the snapshot as PNG: \(error)"
        case .writeFailed(let error):
            error.description
        case .pdfFailed(let detail):
            "cannot make the PDF: \(detail)"
        }
    }
}
