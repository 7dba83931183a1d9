import Foundation
import WalletCore

/// Conversions between the card model's `#RRGGBB` colors and the other wallets' encodings.
public enum ColorEncodings {
    /// `#RRGGBB` from an Android color int (signed 32-bit ARGB, as Catima writes it); alpha is dropped.
    public static func hex(androidColor: Int32) -> String {
        CardColor.hex(rgb: UInt32(bitPattern: androidColor) & 0xFF_FFFF)
    }

    /// The opaque Android color int (signed 32-bit ARGB) for `#RRGGBB`, or nil when `hex` is not one.
    public static func androidColor(hex: String) -> Int32? {
        guard let rgb = CardColor.rgbValue(hex) else { return nil }
        return Int32(bitPattern: 0xFF00_0000 | rgb)
    }

    /// `#RRGGBB` from an Apple Wallet color: `rgb(r, g, b)` with components 0-255,
    /// `rgba(r, g, b, a)` (alpha dropped; pass generators write it) or `#RRGGBB`.
    public static func hex(passColor: String) -> String? {
        let text = passColor.trimmedSpaces
        if let rgb = CardColor.rgbValue(text) { return CardColor.hex(rgb: rgb) }
        let lowered = text.lowercased()
        let inner: Substring
        let count: Int
        if lowered.hasPrefix("rgb("), lowered.hasSuffix(")") {
            (inner, count) = (lowered.dropFirst(4).dropLast(), 3)
        } else if lowered.hasPrefix("rgba("), lowered.hasSuffix(")") {
            (inner, count) = (lowered.dropFirst(5).dropLast(), 4)
        } else {
            return nil
        }
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmedSpaces }
        guard parts.count == count else { return nil }
        if count == 4 {
            guard let alpha = Double(parts[3]), (0...1).contains(alpha) else { return nil }
        }
        var rgb: UInt32 = 0
        for part in parts.prefix(3) {
            guard let component = UInt32(part), component <= 255 else { return nil }
            rgb = rgb << 8 | component
        }
        return CardColor.hex(rgb: rgb)
    }
}
