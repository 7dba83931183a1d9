import CardArt
import Digest
import Foundation
import WalletCore

/// A card's art in the sync repository: its pass colors (`foregroundColor`, `labelColor`) and one
/// field per image role (`image.logo`, ...: the SHA-256 of the PNG, or null) in the card's file,
/// so they merge like any field (the later edit wins), and each image's PNG beside the card
/// file (`cards/<id>/<role>.png`). A card that never had art writes none of these keys.
enum SyncedArt {
    /// The card file keys of the art, in a fixed order.
    static let keys = ["foregroundColor", "labelColor"] + CardImageRole.allCases.map(key)

    static func key(_ role: CardImageRole) -> String { "image.\(role.rawValue)" }

    /// The art as (key, compact JSON) pairs: colors as strings, images by digest, null when absent.
    static func fieldValues(_ art: CardArtwork) -> [(key: String, json: String)] {
        var pairs = [("foregroundColor", quoted(art.foregroundColor)), ("labelColor", quoted(art.labelColor))]
        for role in CardImageRole.allCases { pairs.append((key(role), quoted(art.images[role].map { digest($0.png) }))) }
        return pairs
    }

    /// The digest an image field holds: 64 lower-case hex digits of the PNG's SHA-256.
    static func digest(_ png: Data) -> String { SHA256.hex([UInt8](png)) }

    /// The image file's path beside its card file.
    static func path(of id: UUID, _ role: CardImageRole) -> String { "cards/\(id.uuidString.lowercased())/\(role.rawValue).png" }

    /// The digest a card file gives `role`, or nil.
    static func digest(of role: CardImageRole, in card: SyncedCard) -> String? {
        card.fields[key(role)]?.shown
    }

    /// A value read from a remote card file, checked: a color in the wallet's spelling or an
    /// image digest, or null. Returns the compact JSON to keep.
    static func checkedValue(_ value: Any, key: String, path: String) throws(SyncError) -> String {
        if value is NSNull { return "null" }
        guard let text = value as? String else { throw .refusedFile(path: path, reason: "'\(key)' is not a string or null") }
        if key.hasPrefix("image.") {
            guard text.count == 64, text.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
                throw .refusedFile(path: path, reason: "'\(key)' is not the SHA-256 of an image")
            }
            return quoted(text)
        }
        guard let color = CardColor.normalized(text), color == text else {
            throw .refusedFile(path: path, reason: "'\(key)' is not a color #RRGGBB")
        }
        return quoted(color)
    }

    /// An image file from the remote, taken in like an imported image: within the store's size
    /// limit, the SHA-256 its card file gives, decoded by the import's intake (``CardImageIntake``:
    /// pixel limit, decoded in a child process) to the size its PNG header says, which must fit
    /// the role. The bytes are kept as they are, so every device holds the same image.
    static func checkedImage(
        _ png: Data, path: String, role: CardImageRole, digest expected: String
    ) throws(SyncError) -> CardImage {
        guard png.count <= CardImage.maxBytes else {
            throw .refusedFile(path: path, reason: "over \(CardImage.maxBytes >> 20) MiB")
        }
        guard digest(png) == expected else { throw .refusedFile(path: path, reason: "not the image its card file names") }
        guard let size = pngSize(png) else { throw .refusedFile(path: path, reason: "not a PNG") }
        let decoded: CardImage
        do {
            decoded = try CardImageIntake().image(png, name: path, role: role)
        } catch {
            throw .refusedFile(path: path, reason: "\(error)")
        }
        guard decoded.width == size.width, decoded.height == size.height else {
            throw .refusedFile(
                path: path,
                reason: "\(size.width)x\(size.height) px, larger than a \(role.rawValue) (\(role.maxWidth)x\(role.maxHeight))")
        }
        let image = CardImage(png: png, width: size.width, height: size.height)
        do {
            _ = try CardArtwork(images: [role: image]).validated()
        } catch {
            throw .refusedFile(path: path, reason: "\(error)")
        }
        return image
    }

    /// A PNG's width and height from its header (signature, then the IHDR chunk), or nil.
    static func pngSize(_ png: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let number = { (start: Int) in bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    private static func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }
}

/// The path of an image file beside its card file: `cards/<id>/<role>.png`.
extension RepositoryPath {
    static func image(_ path: String) -> (id: UUID, role: CardImageRole)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "cards", parts[2].hasSuffix(".png"),
            let id = cardID("cards/\(parts[1]).json"),
            let role = CardImageRole(rawValue: String(parts[2].dropLast(".png".count)))
        else { return nil }
        return (id, role)
    }
}
