import FileOutput
import Foundation
import PNGEncoder
import Pixbuf
import WalletCore

/// Takes in an untrusted PNG or JPEG as one of a card's images: bounded by ``CardImageLimits``
/// (bytes, then the header's pixel count before decoding), decoded by gdk-pixbuf (loaded on
/// demand: a process that takes in no image never maps it), turned upright (EXIF), scaled down
/// to fit its role (`WalletCore.CardImageRole.maxWidth` x `WalletCore.CardImageRole.maxHeight`,
/// never up) and re-encoded by the wallet's own PNG encoder as 8-bit RGBA, all in a child
/// process stopped at ``CardImageLimits/seconds`` (`ImageDecodeChild`). What is stored is only
/// ever that re-encoding, never the bytes given.
public struct CardImageIntake: Sendable {
    public var limits: CardImageLimits

    public init(limits: CardImageLimits = .standard) {
        self.limits = limits
    }

    /// The image in the file at `path` (links followed), as `role`.
    public func image(fileAt path: String, role: CardImageRole) throws(CardImageError) -> CardImage {
        try image(ImageFileRead.bytes(path, limit: limits.maxFileBytes), name: path, role: role)
    }

    /// The image in `data` (a zip member, a base64 value), as `role`; `name` says where it came
    /// from in errors.
    public func image(_ data: Data, name: String, role: CardImageRole) throws(CardImageError) -> CardImage {
        guard !data.isEmpty else { throw .empty(name: name) }
        guard data.count <= limits.maxFileBytes else {
            throw .tooLarge(name: name, bytes: data.count, limit: limits.maxFileBytes)
        }
        let gdk = try PixbufLibrary.shared.mapError { CardImageError.readerMissing(name: name, reason: "\($0)") }.get()
        let file: AnonymousFile
        do {
            file = try AnonymousFile(data)
        } catch {
            throw .unreadable(name: name, reason: ErrnoText.message(for: error.errno))
        }
        let path = file.url.path
        let header = try checkedHeader(gdk.header(path: path), name: name, signature: Self.signatureKind(data))
        let kind = header.format.uppercased()
        let outcome = ImageDecodeChild.run(seconds: limits.seconds) {
            Result { () throws(CardImageError) in try decoded(path: path, header: header, role: role, gdk: gdk, name: name) }
        }
        switch outcome {
        case .image(let image): return image
        case .refused(let reason): throw .corrupt(name: name, kind: kind, reason: reason)
        case .timedOut: throw .timedOut(name: name, seconds: limits.seconds)
        case .crashed(let signal): throw .decoderCrashed(name: name, signal: signal)
        case .failed(let reason): throw .unreadable(name: name, reason: reason)
        }
    }

    /// What the child process does (``ImageDecodeChild``): decodes the file at `path` no larger
    /// than the role needs, checks it decoded to the size its header gave, turns it upright and
    /// re-encodes it for `role`.
    private func decoded(
        path: String, header: PixbufLibrary.Header, role: CardImageRole, gdk: PixbufLibrary, name: String
    ) throws(CardImageError) -> CardImage {
        let kind = header.format.uppercased()
        // Decode no larger than the role needs in either orientation (EXIF may turn it).
        let side = max(role.maxWidth, role.maxHeight)
        var error: UnsafeMutableRawPointer?
        let decoded =
            header.width > side || header.height > side
            ? gdk.newFromFileAtScale(path, Int32(side), Int32(side), 1, &error)
            : gdk.newFromFile(path, &error)
        guard let decoded else { throw .corrupt(name: name, kind: kind, reason: GLibErrorText.message(taking: error)) }
        defer { PixbufLibrary.release(decoded) }
        let expected = Self.fitted(width: header.width, height: header.height, maxWidth: side, maxHeight: side)
        let (decodedWidth, decodedHeight) = (Int(gdk.width(decoded)), Int(gdk.height(decoded)))
        guard abs(decodedWidth - expected.width) <= 1, abs(decodedHeight - expected.height) <= 1 else {
            throw .corrupt(
                name: name, kind: kind,
                reason: "its header says \(header.width)x\(header.height) but it decodes to \(decodedWidth)x\(decodedHeight)")
        }
        guard let upright = gdk.applyEmbeddedOrientation(decoded) else {
            throw .corrupt(name: name, kind: kind, reason: "its orientation could not be applied")
        }
        defer { PixbufLibrary.release(upright) }
        return try encoded(upright, role: role, gdk: gdk, name: name)
    }

    /// `header` when it is a PNG or JPEG of a positive size within the pixel limit.
    private func checkedHeader(
        _ header: PixbufLibrary.Header?, name: String, signature: String?
    ) throws(CardImageError) -> PixbufLibrary.Header {
        guard let header else {
            if let signature { throw .corrupt(name: name, kind: signature, reason: "its header cannot be read") }
            throw .unsupportedType(name: name, detected: nil)
        }
        guard header.format == "png" || header.format == "jpeg" else {
            throw .unsupportedType(name: name, detected: header.format.uppercased())
        }
        guard header.width > 0, header.height > 0 else {
            throw .corrupt(name: name, kind: header.format.uppercased(), reason: "no image size in its header")
        }
        guard header.width * header.height <= limits.maxPixels else {
            throw .tooManyPixels(name: name, width: header.width, height: header.height, limit: limits.maxPixels)
        }
        return header
    }

    /// The pixbuf scaled to fit `role` and written as an 8-bit RGBA PNG.
    private func encoded(
        _ pixbuf: OpaquePointer, role: CardImageRole, gdk: PixbufLibrary, name: String
    ) throws(CardImageError) -> CardImage {
        let (width, height) = (Int(gdk.width(pixbuf)), Int(gdk.height(pixbuf)))
        let size = Self.fitted(width: width, height: height, maxWidth: role.maxWidth, maxHeight: role.maxHeight)
        var scaled: OpaquePointer?
        if size.width != width || size.height != height {
            scaled = gdk.scaleSimple(pixbuf, Int32(size.width), Int32(size.height), PixbufLibrary.bilinear)
            guard scaled != nil else { throw .corrupt(name: name, kind: "image", reason: "no memory to scale it") }
        }
        defer { scaled.map(PixbufLibrary.release) }
        let source = scaled ?? pixbuf
        if gdk.hasAlpha(source) != 0 { return try encodePNG(source, gdk: gdk, name: name) }
        guard let rgba = gdk.addAlpha(source, 0, 0, 0, 0) else {
            throw .corrupt(name: name, kind: "image", reason: "no memory to add its alpha channel")
        }
        defer { PixbufLibrary.release(rgba) }
        return try encodePNG(rgba, gdk: gdk, name: name)
    }

    private func encodePNG(_ pixbuf: OpaquePointer, gdk: PixbufLibrary, name: String) throws(CardImageError) -> CardImage {
        let (width, height) = (Int(gdk.width(pixbuf)), Int(gdk.height(pixbuf)))
        let (stride, channels) = (Int(gdk.rowStride(pixbuf)), Int(gdk.channels(pixbuf)))
        guard channels == 4, let pixels = gdk.readPixels(pixbuf), gdk.byteLength(pixbuf) >= stride * (height - 1) + width * 4
        else {
            throw .corrupt(name: name, kind: "image", reason: "its pixels have no alpha channel after conversion")
        }
        do {
            let png = try PNGEncoder.encode(width: width, height: height, format: .rgba8, compression: .smallest) { y, row in
                _ = row.initialize(from: UnsafeBufferPointer(start: pixels + y * stride, count: width * 4))
            }
            return CardImage(png: Data(png), width: width, height: height)
        } catch {
            throw .encodingFailed(name: name, reason: error)
        }
    }

    /// "PNG" or "JPEG" when `data` starts with that format's signature (to call a file whose
    /// header gdk-pixbuf cannot read damaged rather than of another type), else nil.
    static func signatureKind(_ data: Data) -> String? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        return nil
    }

    /// The largest size with the aspect of `width` x `height` that fits the bounds (never larger
    /// than the image; at least 1 x 1).
    static func fitted(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > maxWidth || height > maxHeight else { return (width, height) }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        return (
            max(1, min(maxWidth, Int((Double(width) * scale).rounded()))),
            max(1, min(maxHeight, Int((Double(height) * scale).rounded())))
        )
    }
}
