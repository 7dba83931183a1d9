/// What a widget family is, gathered in one place (``WidgetFamily/traits``): how it presents its
/// cards, how many it holds, how two of them are arranged and which buttons it draws. Every other
/// part of the widget side asks these traits instead of naming families, so a new family is
/// described here and in the few tables that hold its sizes and type (docs/ARCHITECTURE.md,
/// "Adding a widget family").
public struct WidgetFamilyTraits: Equatable, Sendable {
    /// How a widget of the family presents its cards.
    public enum Face: Equatable, Sendable {
        /// Card tiles on the home screen: a header band, the code on its plate, up to two a row.
        case tiles
        /// A lock-screen (accessory) widget of this shape: drawn without a background, vibrant
        /// by default.
        case lockScreen(LockScreenShape)
    }

    /// The shapes of lock-screen widgets.
    public enum LockScreenShape: Equatable, Sendable {
        /// A circle: the store's monogram or logo, or a 2D code where it scans.
        case circle
        /// A rounded rectangle: the store name and the card's code.
        case roundedRectangle
        /// One line of text above the clock: store · number.
        case line
    }

    /// The buttons a widget of the family draws on a live entry (real cards).
    public enum Buttons: Equatable, Sendable {
        /// None: a tap opens the card.
        case none
        /// Previous/next in the top-right corner, when the widget steps through ranked cards.
        case stepThroughCards
        /// A star in the top-right corner of every card tile.
        case starPerCard
    }

    public let face: Face
    /// The most cards a widget of the family shows.
    public let maxCards: Int
    /// True when two cards are stacked one above the other rather than side by side.
    public let stacksTwoCards: Bool
    public let buttons: Buttons

    /// True for the lock-screen families.
    public var isAccessory: Bool { face != .tiles }

    /// True when the widget is one line of text (its timeline shows that line).
    public var isOneLine: Bool { face == .lockScreen(.line) }
}

extension WidgetFamily {
    /// What this family is. The one switch over families that says so: add a case here first.
    public var traits: WidgetFamilyTraits {
        switch self {
        case .small:
            WidgetFamilyTraits(face: .tiles, maxCards: 1, stacksTwoCards: false, buttons: .stepThroughCards)
        case .medium:
            WidgetFamilyTraits(face: .tiles, maxCards: 4, stacksTwoCards: false, buttons: .starPerCard)
        case .large:
            WidgetFamilyTraits(face: .tiles, maxCards: 8, stacksTwoCards: true, buttons: .starPerCard)
        case .accessoryCircular:
            WidgetFamilyTraits(face: .lockScreen(.circle), maxCards: 1, stacksTwoCards: false, buttons: .none)
        case .accessoryRectangular:
            WidgetFamilyTraits(face: .lockScreen(.roundedRectangle), maxCards: 1, stacksTwoCards: false, buttons: .none)
        case .accessoryInline:
            WidgetFamilyTraits(face: .lockScreen(.line), maxCards: 1, stacksTwoCards: false, buttons: .none)
        }
    }
}
