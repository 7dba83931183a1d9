import Foundation

/// Hues as the eye spaces them: the hue angle of OKLab (Björn Ottosson, 2020), in degrees.
///
/// HSL's wheel gives the greens a third of its turn: two colors 35 HSL degrees apart (a teal
/// green and a leaf green) both read as green, while 35 degrees among the blues and purples read
/// as two colors. Generated colors are kept apart on this wheel instead.
enum PerceptualHue {
    /// The OKLab hue of a 24-bit sRGB color, 0..<360 degrees.
    static func degrees(rgb value: UInt32) -> Double {
        func linear(_ byte: UInt32) -> Double {
            let c = Double(byte & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(value >> 16), linear(value >> 8), linear(value))
        let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        let a = 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s
        let bb = 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
        let hue = atan2(bb, a) * 180 / .pi
        return hue < 0 ? hue + 360 : hue
    }

    /// The OKLab hue of each whole HSL degree, at a generated color's middle saturation and
    /// lightness (0.6, 0.43).
    static let ofHSLDegree: [Double] = (0..<360).map {
        degrees(rgb: CardColor.rgb(hue: Double($0), saturation: 0.6, lightness: 0.43))
    }
}
