/// How the pixels of a PNG image are laid out in each row handed to the encoder.
public enum PNGPixelFormat: Equatable, Sendable {
    /// 1 bit per pixel, 0 = black, 1 = white, packed most significant bit first.
    case gray1
    /// 8 bits per pixel, 0 = black, 255 = white.
    case gray8
    /// 2 bytes per pixel: gray (0 black, 255 white), then alpha (not premultiplied); IHDR color type 4.
    case grayAlpha8
    /// 3 bytes per pixel: red, green, blue.
    case rgb8
    /// 4 bytes per pixel: red, green, blue, alpha (not premultiplied).
    case rgba8
    /// 1 byte per pixel, an index into the palette.
    case palette(PNGPalette)

    /// Bytes in one row of `width` pixels.
    public func bytesPerRow(width: Int) -> Int {
        switch self {
        case .gray1: (width + 7) / 8
        case .gray8, .palette: width
        case .grayAlpha8: width * 2
        case .rgb8: width * 3
        case .rgba8: width * 4
        }
    }

    /// Bits per sample, as PNG's IHDR records it.
    var bitDepth: Int32 { self == .gray1 ? 1 : 8 }
}

/// A PNG palette: up to 256 colors, with optional per-entry opacity (the tRNS chunk).
public struct PNGPalette: Equatable, Sendable {
    /// The colors, indexed by pixel value.
    public let colors: [PNGColor]
    /// Opacity per palette entry (0 transparent, 255 opaque); entries past its end are opaque.
    public let alpha: [UInt8]

    /// Fails with ``PNGError/invalidPalette(_:)`` for an empty palette, more than 256 colors, or
    /// more alpha entries than colors.
    public init(colors: [PNGColor], alpha: [UInt8] = []) throws(PNGError) {
        guard (1...256).contains(colors.count) else {
            throw .invalidPalette("a palette holds 1 to 256 colors, got \(colors.count)")
        }
        guard alpha.count <= colors.count else {
            throw .invalidPalette("\(alpha.count) alpha values for \(colors.count) colors")
        }
        self.colors = colors
        self.alpha = alpha
    }
}

/// An opaque 8-bit RGB color.
public struct PNGColor: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
