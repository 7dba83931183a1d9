/// zlib and row-filter settings for a PNG.
///
/// The level and strategy apply to the images libpng writes: 1-bit images without a row filter,
/// up to 1 MiB, go through `BilevelPNG`'s own deflate (`BilevelDeflate`), which has neither.
public struct PNGCompression: Equatable, Sendable {
    /// zlib level, 0 (store) to 9 (smallest, slowest).
    public var level: Int
    /// Which PNG row filters libpng may try.
    public var filter: PNGRowFilter
    /// zlib strategy.
    public var strategy: PNGDeflateStrategy

    public init(level: Int, filter: PNGRowFilter, strategy: PNGDeflateStrategy = .standard) {
        self.level = max(0, min(9, level))
        self.filter = filter
        self.strategy = strategy
    }

    /// The default for `format`: chosen for speed on the images this project writes.
    ///
    /// Measured with bench/reference/png_settings.c (table in bench/results.md, "PNG compression
    /// settings").
    ///
    /// Tiny 1-bit barcodes cost mostly libpng/zlib setup: levels 1-3 are all within noise of each
    /// other, level 0 is barely faster but writes several times the bytes, level 6 and above spend
    /// more time for slightly smaller files, and row filters only hurt (PNG recommends none below
    /// 8 bits). Pick: level 2, no filter. For 8-bit and RGB(A) snapshots the Up filter makes
    /// flat-color images several times smaller (far under the 200 KB widget limit) for a little
    /// more time, while level 6 costs much more time for a few KB. Pick: level 1, Up filter.
    /// Palette images are treated like 1-bit ones (filters rarely help indexed color).
    public static func fast(for format: PNGPixelFormat) -> PNGCompression {
        switch format {
        case .gray1, .palette: PNGCompression(level: 2, filter: .none)
        case .gray8, .grayAlpha8, .rgb8, .rgba8: PNGCompression(level: 1, filter: .up)
        }
    }

    /// Smallest files (slow): every filter, level 9.
    public static let smallest = PNGCompression(level: 9, filter: .adaptive)
}

/// PNG row filters (libpng's `PNG_FILTER_*`).
public enum PNGRowFilter: Sendable, CaseIterable {
    case none, sub, up, average, paeth
    /// libpng picks the best of all five per row (slowest).
    case adaptive

    var libpngMask: Int32 {
        switch self {
        case .none: 0x08
        case .sub: 0x10
        case .up: 0x20
        case .average: 0x40
        case .paeth: 0x80
        case .adaptive: 0xF8
        }
    }
}

/// zlib's deflate strategies (`Z_DEFAULT_STRATEGY`, ...).
public enum PNGDeflateStrategy: Sendable, CaseIterable {
    case standard, filtered, huffmanOnly, runLength

    var zlibValue: Int32 {
        switch self {
        case .standard: 0
        case .filtered: 1
        case .huffmanOnly: 2
        case .runLength: 3
        }
    }
}
