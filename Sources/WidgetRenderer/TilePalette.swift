import Foundation
import WalletCore

/// The colors of one tile, every text color chosen to keep ``Theme/targetContrast`` against
/// what it is drawn on.
struct TileColors: Equatable {
    /// The header band: the card's color (dimmed in dark mode, adjusted for its text).
    let header: RGBColor
    let headerText: RGBColor
    let headerSecondary: RGBColor
    /// The surface under the header around a 2D code's plate.
    let body: RGBColor
    let bodyText: RGBColor
    let bodySecondary: RGBColor
    /// An urgent line (expiry within a week) on the body.
    let bodyEmphasis: RGBColor
}

/// Chooses each tile's colors for an appearance and rendering mode. Brand color is the tile's
/// identity, used with restraint: the header band only. Colors the wallet generated from store
/// names (not chosen by the owner or the pass) spread in hue, so neighbouring tiles differ.
struct TilePalette {
    let appearance: Appearance
    let rendering: RenderingMode

    /// Two generated hues closer than this (degrees) in one widget are spread apart.
    static let minimumHueDistance = 40.0
    /// The golden angle: successive steps land far from each other on the color wheel.
    static let hueStep = 137.508

    /// The colors of each slot's tile (nil for an empty slot).
    ///
    /// Colors a card has of its own (chosen, or the pass's) are placed first and never move;
    /// then each generated color, in the order of the cards' ids, turns away from every hue
    /// placed so far. A card's color therefore depends on which cards share the widget, never
    /// on their slots or the family: the same cards give each card the same color in every
    /// widget, and a generated color is what moves when it meets a card's own color.
    func colors(for cards: [Card?]) -> [TileColors?] {
        let present = cards.compactMap { $0 }
        var hues: [Double] = []
        var brands: [UUID: RGBColor] = [:]
        for card in present where !Self.isGenerated(card) {
            let brand = RGBColor(hex: card.color) ?? .fallbackCard
            brands[card.id] = brand
            if brand.hsl.saturation > 0.15 { hues.append(brand.hsl.hue) }
        }
        // In store-name order (ids break ties): the same cards get the same colors in every
        // widget, whatever their slots, and the spread does not hang on random ids.
        let generated = present.filter(Self.isGenerated).sorted { ($0.store, $0.id.uuidString) < ($1.store, $1.id.uuidString) }
        for card in generated where brands[card.id] == nil {
            let brand = spread(RGBColor(hex: card.color) ?? .fallbackCard, from: hues)
            brands[card.id] = brand
            if brand.hsl.saturation > 0.15 { hues.append(brand.hsl.hue) }
        }
        return cards.map { card in card.map { colors(brand: brands[$0.id] ?? .fallbackCard) } }
    }

    /// The colors of a tile whose brand color is `brand`.
    func colors(brand: RGBColor) -> TileColors {
        let surface = body
        let bodyText = surface.readableText()
        var header = brand
        switch (rendering, appearance) {
        case (.fullColor, .dark): header = brand.mixed(with: .black, 0.3)
        case (.accented, _), (.vibrant, _): header = RGBColor(0x3A, 0x3A, 0x3C)
        default: break
        }
        let text = header.readableText()
        header = header.adjusted(forText: text)
        // Accented and vibrant rendering map luminance to one tint or to alpha, which narrows
        // contrast: secondary text keeps the primary color there.
        let quiet = rendering == .fullColor
        return TileColors(
            header: header, headerText: text, headerSecondary: quiet ? text.secondary(on: header) : text,
            body: surface, bodyText: bodyText, bodySecondary: quiet ? bodyText.secondary(on: surface) : bodyText,
            bodyEmphasis: rendering == .fullColor ? RGBColor(0xE8, 0x5D, 0x04).readable(on: surface) : bodyText)
    }

    /// The widget's background.
    var background: RGBColor {
        rendering == .fullColor && appearance == .light ? .white : RGBColor(0x1C, 0x1C, 0x1E)
    }

    /// The surface under a tile's header (white in light mode, raised grey in dark mode).
    var body: RGBColor {
        rendering == .fullColor && appearance == .light ? RGBColor(0xF7, 0xF7, 0xF8) : RGBColor(0x2C, 0x2C, 0x2E)
    }

    /// Text on the widget's background (empty state).
    var text: RGBColor { background.readableText() }
    var secondaryText: RGBColor { rendering == .fullColor ? text.secondary(on: background) : text }
    /// Redaction bars and empty slots: grey, as the platform's placeholders are.
    var redaction: RGBColor {
        appearance == .light && rendering == .fullColor ? RGBColor(0xE5, 0xE5, 0xEA) : RGBColor(0x3A, 0x3A, 0x3C)
    }

    /// A generated color turned by the golden angle until it is far from every hue in `hues`;
    /// when no turn of the first 16 is, the turn farthest from its nearest neighbour.
    private func spread(_ color: RGBColor, from hues: [Double]) -> RGBColor {
        let (hue, saturation, lightness) = color.hsl
        let nearest = { (candidate: Double) in hues.map { Self.distance($0, candidate) }.min() ?? 180 }
        let turns = (0..<16).map { (hue + Double($0) * Self.hueStep).truncatingRemainder(dividingBy: 360) }
        let candidate =
            turns.first { nearest($0) >= Self.minimumHueDistance } ?? turns.max { nearest($0) < nearest($1) } ?? hue
        return candidate == hue ? color : RGBColor(hue: candidate, saturation: saturation, lightness: lightness)
    }

    /// Distance between two hues on the wheel, 0...180 degrees.
    static func distance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// True when the card's color is the one the wallet derives from its store name.
    static func isGenerated(_ card: Card) -> Bool {
        card.color == CardColor.derived(fromStore: card.store.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
