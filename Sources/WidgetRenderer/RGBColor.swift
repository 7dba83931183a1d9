import Foundation
import WalletCore

/// An opaque sRGB color.
struct RGBColor: Equatable, Sendable {
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
    /// The grey a card with an unreadable color gets.
    static let fallbackCard = RGBColor(0x8E, 0x8E, 0x93)

    /// Relative luminance (WCAG), 0 black to 1 white.
    var luminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// Black or white, whichever reads better on this color.
    var contrastingText: RGBColor { luminance > 0.36 ? RGBColor(0x1C, 0x1C, 0x1E) : .white }
}
