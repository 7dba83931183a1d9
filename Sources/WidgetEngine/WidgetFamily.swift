/// The widget sizes: three home-screen families and three lock-screen (accessory) families.
/// What each one is (face, cards, buttons) is in ``traits`` (`WidgetFamilyTraits.swift`).
public enum WidgetFamily: String, CaseIterable, Codable, Sendable {
    case small
    case medium
    case large
    /// A lock-screen circle: the store's monogram, or a 2D code itself where it scans.
    case accessoryCircular = "accessory-circular"
    /// A lock-screen rectangle: the store name and the card's barcode.
    case accessoryRectangular = "accessory-rectangular"
    /// One line of text above the lock-screen clock: store · number.
    case accessoryInline = "accessory-inline"

    /// The most cards a widget of this family shows: small 1, medium 4, large 8, accessory 1.
    public var maxCards: Int { traits.maxCards }

    /// True for the lock-screen families (drawn without a background, vibrant by default).
    public var isAccessory: Bool { traits.isAccessory }

    /// The names `--family` takes, in declaration order.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Parses a family name such as `small` or `accessory-rectangular` (any case).
    public init(name: String) throws(WidgetError) {
        guard let family = WidgetFamily(rawValue: name.lowercased()) else { throw .unknownFamily(name) }
        self = family
    }
}
