import Foundation

/// The cheap part of a card's art, loaded with the card (four columns of its row): which images
/// exist, a digest of them for snapshot cache keys, and the pass colors. The image bytes are
/// read only when drawn (``CardReading/images(_:of:)``), so listing 10,000 cards reads none.
public struct CardArtSummary: Equatable, Sendable {
    /// The roles that have an image, in ``CardImageRole`` order.
    public var roles: [CardImageRole]
    /// 16 hex digits that change whenever an image or a color changes; nil for no art.
    public var digest: String?
    /// The pass's `foregroundColor`, `#RRGGBB`, or nil.
    public var foregroundColor: String?
    /// The pass's `labelColor`, `#RRGGBB`, or nil.
    public var labelColor: String?

    public init(roles: [CardImageRole] = [], digest: String? = nil, foregroundColor: String? = nil, labelColor: String? = nil) {
        self.roles = roles
        self.digest = digest
        self.foregroundColor = foregroundColor
        self.labelColor = labelColor
    }

    /// A card without art.
    public static let none = CardArtSummary()

    /// True when the card has an image for `role`.
    public func has(_ role: CardImageRole) -> Bool { roles.contains(role) }

    /// FNV-1a (64 bits) of every role, size, PNG and color. Not a cryptographic digest: it tells
    /// versions of a card's own art apart for the snapshot cache (the PNGs are the wallet's own
    /// re-encoding); a collision could only show a card's previous art until its next change.
    static func digest(of art: CardArtwork) -> String {
        var hash = StableHash()
        for role in art.images.keys.sorted() {
            let image = art.images[role]!
            hash.add(Array("\(role.rawValue) \(image.width)x\(image.height) \(image.png.count)\n".utf8))
            image.png.withUnsafeBytes { hash.add($0) }
        }
        hash.add(Array("fg \(art.foregroundColor ?? "-") label \(art.labelColor ?? "-")".utf8))
        return hash.hex
    }
}
