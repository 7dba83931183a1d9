import Pixbuf

/// The one place where gdk-pixbuf's failure (``PixbufError``) becomes a card image's error,
/// naming the image.
extension CardImageError {
    init(_ failure: PixbufError, name: String) {
        switch failure {
        case .libraryMissing(let reason):
            self = .readerMissing(name: name, reason: reason)
        case .unreadable(let reason):
            self = .unreadable(name: name, reason: reason)
        case .unsupportedType(let detected):
            self = .unsupportedType(name: name, detected: detected)
        case .tooManyPixels(let size, let limit):
            self = .tooManyPixels(name: name, width: size.width, height: size.height, limit: limit)
        case .damaged(let format, let damage):
            self = .corrupt(name: name, kind: format.name, reason: damage.description)
        case .outOfMemory(let operation):
            self = .unreadable(name: name, reason: "no memory to \(operation)")
        }
    }
}
