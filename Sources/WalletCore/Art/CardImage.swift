import Foundation

/// What an image of a card is for, as Apple Wallet passes and Catima name them.
///
/// Each role has a largest size in pixels (``maxWidth`` x ``maxHeight``): images are scaled down
/// to fit it before they are stored (`CardArt` room, `CardImageIntake`).
public enum CardImageRole: String, CaseIterable, Codable, Sendable, Comparable {
    /// The pass's logo, shown top left (up to 160 x 50 pt at 3x).
    case logo
    /// The pass's icon (lock screen, notifications), or Catima's card icon.
    case icon
    /// The image behind a store card's primary field.
    case strip
    /// The small picture of an event ticket or generic pass.
    case thumbnail
    /// A photo of the card's front (Catima).
    case front
    /// A photo of the card's back (Catima).
    case back

    /// Largest stored width in pixels.
    public var maxWidth: Int {
        switch self {
        case .logo: 480
        case .icon: 87
        case .strip: 1125
        case .thumbnail: 270
        case .front, .back: 1200
        }
    }

    /// Largest stored height in pixels.
    public var maxHeight: Int {
        switch self {
        case .logo: 150
        case .icon: 87
        case .strip: 369
        case .thumbnail: 270
        case .front, .back: 1200
        }
    }

    public static func < (left: CardImageRole, right: CardImageRole) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}

/// One stored image of a card: a PNG the wallet encoded itself (8-bit RGBA) and its size.
public struct CardImage: Equatable, Sendable {
    /// The PNG file's bytes.
    public var png: Data
    public var width: Int
    public var height: Int

    public init(png: Data, width: Int, height: Int) {
        self.png = png
        self.width = width
        self.height = height
    }

    /// Largest PNG the database accepts for one image (a 1200 x 1200 RGBA photo compresses to
    /// well under this).
    public static let maxBytes = 6 << 20
}

/// Everything a card looks like beyond its color: its images by role and the pass's text colors.
public struct CardArt: Equatable, Sendable {
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
    public static let none = CardArt()

    public var isEmpty: Bool { images.isEmpty && foregroundColor == nil && labelColor == nil }

    /// What a card loaded with the list carries of this art.
    public var summary: CardArtSummary {
        CardArtSummary(
            roles: images.keys.sorted(), digest: isEmpty ? nil : CardArtSummary.digest(of: self),
            foregroundColor: foregroundColor, labelColor: labelColor)
    }
}
