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
