import FileInput
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
        let file: AnonymousFile
        do {
            file = try AnonymousFile(data)
        } catch {
            throw .unreadable(name: name, reason: ErrnoText.message(for: error.errno))
        }
        let path = file.url.path
        let header: ImageHeader
        do {
            header = try ImageHeader.checked(path: path, maxPixels: limits.maxPixels)
        } catch {
            throw CardImageError(error, name: name)
        }
        let outcome = ImageDecodeChild.run(seconds: limits.seconds, reading: [file.descriptor]) {
            Result { () throws(CardImageError) in try Self.decoded(path: path, header: header, role: role, name: name) }
        }
        switch outcome {
        case .image(let image): return image
        case .refused(let reason): throw .corrupt(name: name, kind: header.format.name, reason: reason)
        case .timedOut: throw .timedOut(name: name, seconds: limits.seconds)
        case .crashed(let signal): throw .decoderCrashed(name: name, signal: signal)
        case .failed(let reason): throw .unreadable(name: name, reason: reason)
        }
    }

    /// What the child process does (``ImageDecodeChild``): decodes the file at `path` no larger
    /// than the role needs in either orientation (EXIF may turn it), checked against its
    /// header's size, upright, scaled to fit `role` and re-encoded as an 8-bit RGBA PNG.
    private static func decoded(
        path: String, header: ImageHeader, role: CardImageRole, name: String
    ) throws(CardImageError) -> CardImage {
        let rgba: PixbufImage
        do {
            let upright = try PixbufImage(decoding: path, header: header, fittingSide: max(role.maxWidth, role.maxHeight))
            rgba = try upright.scaled(to: upright.size.fitted(maxWidth: role.maxWidth, maxHeight: role.maxHeight))
                .withAlphaChannel()
        } catch {
            throw CardImageError(error, name: name)
        }
        let size = rgba.size
        return try rgba.withPixels { (pixels) throws(CardImageError) -> CardImage in
            guard pixels.channels == 4, pixels.bytes.count >= pixels.rowStride * (size.height - 1) + size.width * 4 else {
                throw .corrupt(name: name, kind: header.format.name, reason: "its pixels have no alpha channel after conversion")
            }
            do throws(PNGError) {
                let png = try PNGEncoder.encode(width: size.width, height: size.height, format: .rgba8, compression: .smallest) {
                    y, row in
                    let start = pixels.bytes.baseAddress!.advanced(by: y * pixels.rowStride)
                    UnsafeMutableRawBufferPointer(row).copyMemory(
                        from: UnsafeRawBufferPointer(start: start, count: size.width * 4))
                }
                return CardImage(png: Data(png), width: size.width, height: size.height)
            } catch {
                throw .encodingFailed(name: name, reason: error)
            }
        }
    }
}
