import Foundation

/// Conversions between the card model's `#RRGGBB` colours and the other wallets' encodings.
public enum ColorEncodings {
    /// `#RRGGBB` from an Android colour int (signed 32-bit ARGB, as Catima writes it); alpha is dropped.
    public static func hex(androidColor: Int32) -> String {
        hex(rgb: UInt32(bitPattern: androidColor) & 0xFF_FFFF)
    }

    /// The opaque Android colour int (signed 32-bit ARGB) for `#RRGGBB`, or nil when `hex` is not one.
    public static func androidColor(hex: String) -> Int32? {
        guard let rgb = rgbValue(hex: hex) else { return nil }
        return Int32(bitPattern: 0xFF00_0000 | rgb)
    }

    /// `#RRGGBB` from an Apple Wallet colour: `rgb(r, g, b)` with components 0-255, or `#RRGGBB`.
    public static func hex(passColor: String) -> String? {
        let text = passColor.trimmedSpaces
        if let rgb = rgbValue(hex: text) { return hex(rgb: rgb) }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("rgb("), lowered.hasSuffix(")") else { return nil }
        let inner = lowered.dropFirst(4).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmedSpaces }
        guard parts.count == 3 else { return nil }
        var rgb: UInt32 = 0
        for part in parts {
            guard let component = UInt32(part), component <= 255 else { return nil }
            rgb = rgb << 8 | component
        }
        return hex(rgb: rgb)
    }

    /// `#RRGGBB` in upper case for a 24-bit value.
    static func hex(rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// The 24-bit value of `#RRGGBB` (either case), or nil.
    static func rgbValue(hex: String) -> UInt32? {
        guard hex.utf8.count == 7, hex.first == "#" else { return nil }
        let digits = hex.dropFirst()
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        return UInt32(digits, radix: 16)
    }
}
