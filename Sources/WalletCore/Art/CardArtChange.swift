/// An edit of a card's images: roles given a new image and roles whose image is removed
/// (`card edit --logo FILE|none`).
public struct CardArtChange: Equatable, Sendable {
    /// New images by role (replacing any stored one).
    public var images: [CardImageRole: CardImage]
    /// Roles whose image is removed.
    public var removed: Set<CardImageRole>

    public init(images: [CardImageRole: CardImage] = [:], removed: Set<CardImageRole> = []) {
        self.images = images
        self.removed = removed
    }

    /// True when the change touches no role.
    public var isEmpty: Bool { images.isEmpty && removed.isEmpty }

    /// `art` with the change made (the colors stay).
    public func applied(to art: CardArtwork) -> CardArtwork {
        var result = art
        for role in removed { result.images[role] = nil }
        result.images.merge(images) { _, new in new }
        return result
    }
}
