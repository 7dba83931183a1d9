import Pixbuf

/// Finds every barcode in a PNG, JPEG or PDF file (every page), within ``ScanLimits``.
///
/// Images load through gdk-pixbuf, PDF pages are drawn by poppler with Cairo, and zxing-cpp
/// (libWalletScan.so) reads the symbols, each opened with `dlopen` when a scan first needs it
/// (see `OnDemandLibrary`); formats map to the wallet's `Barcodes.Symbology` where it has one.
public struct BarcodeScanner: Sendable {
    public var limits: ScanLimits

    public init(limits: ScanLimits = .standard) {
        self.limits = limits
    }

    /// The barcodes in the file at `path`, in the order the reader found them (page by page for a
    /// PDF). An empty array means the file was read and holds no barcode.
    public func scan(fileAt path: String) throws(ScanError) -> [ScannedBarcode] {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(limits.seconds * 1000))
        let input = try ScanInput(path: path, limits: limits)
        let reader = try ZXingReader(path: path)
        guard input.isPDF else {
            let image = try PixbufImage.scanned(path: path, limits: limits)
            return try image.withPixelImage { pixels throws(ScanError) in
                try reader.read(pixels, page: nil, path: path, timeout: deadline - clock.now)
            }
        }
        let document = try PDFDocument(bytes: input.contents(limits: limits), path: path)
        let pages = document.pageCount
        guard pages <= limits.maxPages else { throw .tooManyPages(path: path, pages: pages, limit: limits.maxPages) }
        var found: [ScannedBarcode] = []
        for index in 0..<pages {
            guard clock.now < deadline else { throw .timedOut(path: path, page: index + 1) }
            found += try document.withPage(index, limits: limits) { pixels throws(ScanError) in
                try reader.read(pixels, page: index + 1, path: path, timeout: deadline - clock.now)
            }
        }
        return found
    }
}
