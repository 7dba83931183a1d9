import PNGEncoder
import Foundation

/// Why an image could not become card art. Each ``description`` is one line naming the image
/// (a file path, or a member of an imported file) and what is wrong with it.
public enum CardImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read (errno text).
    case unreadable(name: String, reason: String)
    /// Not a regular file (a directory, a device, a pipe).
    case notRegularFile(name: String)
    case empty(name: String)
    case tooLarge(name: String, bytes: Int, limit: Int)
    /// Neither PNG nor JPEG; `detected` names what it is when gdk-pixbuf knows.
    case unsupportedType(name: String, detected: String?)
    case tooManyPixels(name: String, width: Int, height: Int, limit: Int)
    /// gdk-pixbuf refused the content, or it decoded to another size than its header gave.
    case corrupt(name: String, kind: String, reason: String)
    /// gdk-pixbuf, loaded when an image is taken in, is not installed.
    case readerMissing(name: String, reason: String)
    /// The decoded image could not be written as PNG (libpng's error kept).
    case encodingFailed(name: String, reason: PNGError)
    /// Decoding ran past ``CardImageLimits/seconds``: its process was killed.
    case timedOut(name: String, seconds: Double)
    /// The decoder's process died from this signal on the image.
    case decoderCrashed(name: String, signal: Int32)

    public var description: String {
        switch self {
        case .unreadable(let name, let reason):
            "cannot read image \(name): \(reason)"
        case .notRegularFile(let name):
            "image \(name) is not a regular file: give a PNG or JPEG file"
        case .empty(let name):
            "image \(name) is empty: give a PNG or JPEG file"
        case .tooLarge(let name, let bytes, let limit):
            "image \(name) is \(bytes) bytes, over the \(limit / (1 << 20)) MiB limit: compress or scale it down"
        case .unsupportedType(let name, let detected):
            "image \(name) is \(detected.map { "a \($0) file, " } ?? "")not a PNG or JPEG: convert it to PNG"
        case .tooManyPixels(let name, let width, let height, let limit):
            "image \(name) is \(width)x\(height), over the \(limit / 1_000_000)-megapixel limit: scale it down"
        case .corrupt(let name, let kind, let reason):
            "image \(name) is a damaged \(kind) (\(reason)): save it again or use another file"
        case .readerMissing(let name, let reason):
            "cannot read image \(name): the image reader is missing (\(reason)); install libgdk-pixbuf-2.0-0"
        case .encodingFailed(let name, let reason):
            "cannot store image \(name): \(reason)"
        case .timedOut(let name, let seconds):
            "image \(name) took longer than \(seconds.formatted()) s to decode: scale it down or use another file"
        case .decoderCrashed(let name, let signal):
            "image \(name) crashed the image decoder (signal \(signal)): use another file"
        }
    }
}
