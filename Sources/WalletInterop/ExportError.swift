public import FileOutput

/// Why an export could not be written. The destination is left as it was.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    /// The zip library's error, kept as it was thrown.
    case zipFailed(UnderlyingError)
    /// The encoder's error, kept as it was thrown.
    case cannotEncode(UnderlyingError)
    case unknownFormat(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .zipFailed(let reason):
            "cannot build the zip archive: \(reason)"
        case .cannotEncode(let reason):
            "cannot encode the export: \(reason)"
        case .unknownFormat(let name):
            "unknown export format '\(name)': use catima or json"
        }
    }
}
