import Foundation

extension CardArtwork {
    /// The art as the database stores it: colors as upper-case `#RRGGBB`, every image a PNG
    /// (by its signature) of a positive size within its role's bounds and ``CardImage/maxBytes``.
    /// Images are decoded and re-encoded before they get here (`CardImageIntake`); this is the
    /// store's own last check, cheap enough for 10,000 imported cards.
    public func validated() throws(CardValidationError) -> CardArtwork {
        var art = self
        art.foregroundColor = try Self.color(foregroundColor, field: "foregroundColor")
        art.labelColor = try Self.color(labelColor, field: "labelColor")
        for (role, image) in images {
            guard image.png.starts(with: Self.pngSignature) else { throw .invalidImage(role: role, reason: "is not a PNG") }
            guard image.png.count <= CardImage.maxBytes else {
                throw .invalidImage(role: role, reason: "is \(image.png.count) bytes, over the limit of \(CardImage.maxBytes)")
            }
            guard image.width > 0, image.height > 0, image.width <= role.maxWidth, image.height <= role.maxHeight else {
                throw .invalidImage(
                    role: role, reason: "is \(image.width)x\(image.height) px, outside 1x1 to \(role.maxWidth)x\(role.maxHeight)")
            }
        }
        return art
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func color(_ text: String?, field: String) throws(CardValidationError) -> String? {
        guard let text else { return nil }
        guard let color = CardColor.normalized(text) else { throw .invalidArtColor(field: field, value: text) }
        return color
    }
}
