/// Bounds on untrusted input: a scan reads files of any origin (a photo, a downloaded PDF).
public struct ScanLimits: Equatable, Sendable {
    /// Largest file read, in bytes.
    public var maxFileBytes: Int
    /// Largest image decoded, in pixels (width x height), checked from the header before decoding.
    public var maxPixels: Int
    /// Most PDF pages read.
    public var maxPages: Int
    /// Resolution PDF pages are drawn at, in dots per inch (lowered for pages that would exceed `maxPixels`).
    public var pdfDotsPerInch: Double
    /// Budget for a whole scan in seconds: decoding stops there (the reader runs in a child process).
    public var seconds: Double

    public init(maxFileBytes: Int, maxPixels: Int, maxPages: Int, pdfDotsPerInch: Double, seconds: Double) {
        self.maxFileBytes = maxFileBytes
        self.maxPixels = maxPixels
        self.maxPages = maxPages
        self.pdfDotsPerInch = pdfDotsPerInch
        self.seconds = seconds
    }

    /// 64 MiB, 40 megapixels (a 4000x3000 photo is 12), 50 pages at 250 dpi, 30 seconds.
    public static let standard = ScanLimits(
        maxFileBytes: 64 << 20, maxPixels: 40_000_000, maxPages: 50, pdfDotsPerInch: 250, seconds: 30)
}
