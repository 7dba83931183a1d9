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
/// identity, used with restraint: the header band only. A card comes in the color it is shown
/// in everywhere (`WalletColors`: a generated color already turned away from the wallet's
/// others), so the palette never moves a color itself.
struct TilePalette {
    let appearance: Appearance
    let rendering: RenderingMode

    /// The colors of each slot's tile (nil for an empty slot).
    func colors(for cards: [Card?]) -> [TileColors?] {
        cards.map { card in card.map { colors(brand: RGBColor(hex: $0.color) ?? .fallbackCard) } }
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
}
