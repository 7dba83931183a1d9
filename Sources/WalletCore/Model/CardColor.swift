import Foundation

/// Card colors: the `#RRGGBB` form every stored color has, and the default color of a card
/// whose owner picked none.
public enum CardColor {
    /// A pleasant color that depends only on the store name (case and accents ignored), so the
    /// same store always gets the same color: a hue from a stable hash, with saturation and
    /// lightness chosen so white text stays readable on it.
    public static func derived(fromStore store: String) -> String {
        let (hue, saturation, lightness) = derivedHSL(fromStore: store)
        return hex(rgb: rgb(hue: hue, saturation: saturation, lightness: lightness))
    }

    /// The hue (a whole degree), saturation and lightness of ``derived(fromStore:)``.
    static func derivedHSL(fromStore store: String) -> (hue: Double, saturation: Double, lightness: Double) {
        var stable = StableHash()
        stable.add(TextFolding.fold(store).utf8)
        let hash = stable.value
        let hue = Double(hash % 360)
        let saturation = 0.50 + Double((hash >> 16) % 20) / 100  // 0.50 ..< 0.70
        let lightness = 0.38 + Double((hash >> 32) % 10) / 100  // 0.38 ..< 0.48
        return (hue, saturation, lightness)
    }

    /// `#RRGGBB` in upper case when `text` is a color in that form (either case), else nil.
    public static func normalized(_ text: String) -> String? {
        rgbValue(text).map(hex(rgb:))
    }

    /// The 24-bit value of a `#RRGGBB` color (either case), or nil when `text` is not one.
    public static func rgbValue(_ text: String) -> UInt32? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 7, scalars[0] == "#",
            scalars.dropFirst().allSatisfy({ $0.properties.isASCIIHexDigit })
        else { return nil }
        return UInt32(text.dropFirst(), radix: 16)
    }

    /// `#RRGGBB` in upper case for a 24-bit value.
    public static func hex(rgb: UInt32) -> String {
        let digits = String(rgb & 0xFF_FFFF, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// The 24-bit value of the color with `hue` in degrees, `saturation` and `lightness` (0...1).
    public static func rgb(hue: Double, saturation: Double, lightness: Double) -> UInt32 {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(sector) {
            case 0: (chroma, x, 0)
            case 1: (x, chroma, 0)
            case 2: (0, chroma, x)
            case 3: (0, x, chroma)
            case 4: (x, 0, chroma)
            default: (chroma, 0, x)
            }
        let m = lightness - chroma / 2
        func byte(_ value: Double) -> UInt32 { UInt32((min(max(value + m, 0), 1) * 255).rounded()) }
        return byte(r) << 16 | byte(g) << 8 | byte(b)
    }

    /// Hue in degrees (0..<360), saturation and lightness (0...1) of a 24-bit color.
    public static func hsl(rgb value: UInt32) -> (hue: Double, saturation: Double, lightness: Double) {
        let r = Double(value >> 16 & 0xFF) / 255, g = Double(value >> 8 & 0xFF) / 255, b = Double(value & 0xFF) / 255
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        guard high > low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = delta / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == r {
            hue = ((g - b) / delta).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            hue = (b - r) / delta + 2
        } else {
            hue = (r - g) / delta + 4
        }
        hue *= 60
        return (hue < 0 ? hue + 360 : hue, saturation, lightness)
    }
}
