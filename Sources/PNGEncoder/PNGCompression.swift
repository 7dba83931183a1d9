/// zlib and row-filter settings for a PNG.
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

    /// The default: chosen for speed on the images this project writes. DEFAULT_MEASUREMENTS
    public static let fast = PNGCompression(level: 1, filter: .none)

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
