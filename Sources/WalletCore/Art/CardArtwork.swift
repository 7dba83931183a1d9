import Foundation

/// Everything a card looks like beyond its color: its images by role and the pass's text colors.
public struct CardArtwork: Equatable, Sendable {
    public var images: [CardImageRole: CardImage]
    /// The pass's `foregroundColor` (values), `#RRGGBB`, or nil.
    public var foregroundColor: String?
    /// The pass's `labelColor` (field labels), `#RRGGBB`, or nil.
    public var labelColor: String?

    public init(images: [CardImageRole: CardImage] = [:], foregroundColor: String? = nil, labelColor: String? = nil) {
        self.images = images
        self.foregroundColor = foregroundColor
        self.labelColor = labelColor
    }

    /// No images, no colors.
    public static let none = CardArtwork()

    public var isEmpty: Bool { images.isEmpty && foregroundColor == nil && labelColor == nil }

    /// What a card loaded with the list carries of this art.
    public var summary: CardArtSummary {
        CardArtSummary(
            roles: images.keys.sorted(), digest: isEmpty ? nil : CardArtSummary.digest(of: self),
            foregroundColor: foregroundColor, labelColor: labelColor)
    }
}
