import Foundation
import WalletCore

/// An opaque sRGB color.
struct RGBColor: Equatable, Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses a card's `#RRGGBB` color (``CardColor/rgbValue(_:)``); nil for anything else.
    init?(hex: String) {
        guard let value = CardColor.rgbValue(hex) else { return nil }
        self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    static let white = RGBColor(0xFF, 0xFF, 0xFF)
    static let black = RGBColor(0x00, 0x00, 0x00)
    /// The near-black of dark text (iOS's label color).
    static let ink = RGBColor(0x1C, 0x1C, 0x1E)
    /// The grey a card with an unreadable color gets.
    static let fallbackCard = RGBColor(0x8E, 0x8E, 0x93)

    /// `#RRGGBB`, as the layout report writes colors.
    var hex: String { CardColor.hex(rgb: UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)) }

    /// Relative luminance (WCAG), 0 black to 1 white.
    var luminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// The WCAG 2 contrast ratio between two colors, 1 to 21.
    func contrast(with other: RGBColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This color moved `amount` (0...1) of the way to `other`.
    func mixed(with other: RGBColor, _ amount: Double) -> RGBColor {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * min(max(amount, 0), 1)).rounded())
        }
        return RGBColor(channel(red, other.red), channel(green, other.green), channel(blue, other.blue))
    }

    /// Text that reads on this color: `preferred` (a pass's own foreground color) when it keeps
    /// ``Theme/targetContrast``, else near-black or white, whichever contrasts more (one of the two
    /// always reaches 4.5:1 against an opaque color; pure black where near-black does not).
    func readableText(preferred: RGBColor? = nil) -> RGBColor {
        if let preferred, preferred.contrast(with: self) >= Theme.targetContrast { return preferred }
        let dark = contrast(with: .ink) >= Theme.targetContrast ? RGBColor.ink : .black
        return contrast(with: dark) >= contrast(with: .white) ? dark : .white
    }

    /// A quieter color for secondary text on `background`: this text color moved towards the
    /// background as far as the contrast stays at ``Theme/targetContrast`` (this color when it is
    /// no higher already).
    func secondary(on background: RGBColor) -> RGBColor {
        var amount = 0.45
        while amount > 0 {
            let candidate = mixed(with: background, amount)
            if candidate.contrast(with: background) >= Theme.targetContrast { return candidate }
            amount -= 0.05
        }
        return self
    }

    /// This color darkened or lightened (whichever moves away from `text`) until `text` on it
    /// reaches ``Theme/targetContrast``: brand colors keep their hue, dimmed just enough.
    func adjusted(forText text: RGBColor) -> RGBColor {
        moved(toward: text.luminance > luminance ? .black : .white, untilItContrastsWith: text)
    }

    /// Hue in degrees (0..<360), saturation and lightness (0...1).
    var hsl: (hue: Double, saturation: Double, lightness: Double) {
        CardColor.hsl(rgb: UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }

    /// The color with hue (degrees), saturation and lightness (0...1) given.
    init(hue: Double, saturation: Double, lightness: Double) {
        let value = CardColor.rgb(hue: hue, saturation: saturation, lightness: lightness)
        self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}

extension RGBColor {
    /// This color as text on `background`: moved towards black or white (away from the
    /// background) just until it reaches ``Theme/targetContrast``.
    func readable(on background: RGBColor) -> RGBColor {
        moved(toward: background.luminance > 0.18 ? .black : .white, untilItContrastsWith: background)
    }

    /// This color moved towards `target` (black or white) in 5 % steps until it reaches
    /// ``Theme/targetContrast`` with `other`; itself when it already does, `target` at worst.
    private func moved(toward target: RGBColor, untilItContrastsWith other: RGBColor) -> RGBColor {
        guard contrast(with: other) < Theme.targetContrast else { return self }
        var amount = 0.05
        while amount < 1 {
            let candidate = mixed(with: target, amount)
            if candidate.contrast(with: other) >= Theme.targetContrast { return candidate }
            amount += 0.05
        }
        return target
    }
}
