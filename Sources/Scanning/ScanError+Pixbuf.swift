import Pixbuf

/// The one place where gdk-pixbuf's failure (``PixbufError``) becomes a scan's error, naming
/// the file.
extension ScanError {
    init(_ failure: PixbufError, path: String) {
        switch failure {
        case .libraryMissing(let reason):
            self = .imageReaderMissing(path: path, reason: reason)
        case .unreadable(let reason):
            self = .unreadable(path: path, reason: reason)
        case .unsupportedType(let detected):
            self = .unsupportedType(path: path, detected: detected)
        case .tooManyPixels(let size, let limit):
            self = .tooManyPixels(path: path, width: size.width, height: size.height, limit: limit)
        case .damaged(let format, let damage):
            self = .corrupt(path: path, kind: format.name, reason: damage.description)
        case .outOfMemory(let operation):
            self = .unreadable(path: path, reason: "no memory to \(operation)")
        }
    }
}

extension PixbufImage {
    /// The PNG or JPEG at `path`, its header checked against `limits` before a pixel is decoded,
    /// decoded upright at full size.
    static func scanned(path: String, limits: ScanLimits) throws(ScanError) -> PixbufImage {
        do {
            let header = try ImageHeader.checked(path: path, maxPixels: limits.maxPixels)
            return try PixbufImage(decoding: path, header: header)
        } catch {
            throw ScanError(error, path: path)
        }
    }

    /// Calls `body` with the pixels as the reader takes them (valid only during the call).
    func withPixelImage<Result>(_ body: (PixelImage) throws(ScanError) -> Result) throws(ScanError) -> Result {
        try withPixels { pixels throws(ScanError) in
            // gdk-pixbuf holds 8-bit RGB, with or without alpha.
            let layout: PixelLayout = pixels.channels == 4 && pixels.hasAlpha ? .rgba : .rgb
            return try body(
                PixelImage(
                    pixels: pixels.bytes, width: pixels.size.width, height: pixels.size.height,
                    rowStride: pixels.rowStride, layout: layout))
        }
    }
}
