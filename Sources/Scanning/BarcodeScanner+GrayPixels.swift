extension BarcodeScanner {
    /// The barcodes in one 8-bit grey picture already in memory, such as a camera frame: `pixels`
    /// holds `height` rows of `width` luminance bytes, each row starting `rowStride` bytes after the
    /// one before. The same readers and rules as ``scan(fileAt:)`` (zxing-cpp, zbar as a second
    /// opinion, a reading the two disagree on marked ``ScannedBarcode/disputed``); `source` names
    /// the picture in errors (the camera, say) and decoding stops after `timeout`. A picture larger
    /// than ``ScanLimits/maxPixels`` or smaller than its rows is refused.
    public func scan(
        grayPixels pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowStride: Int, source: String,
        timeout: Duration
    ) throws(ScanError) -> [ScannedBarcode] {
        guard width.multipliedReportingOverflow(by: height).partialValue <= limits.maxPixels else {
            throw .tooManyPixels(path: source, width: width, height: height, limit: limits.maxPixels)
        }
        let image = PixelImage(pixels: pixels, width: width, height: height, rowStride: rowStride, layout: .gray)
        return try ZXingReader(path: source).read(image, page: nil, path: source, timeout: timeout)
    }
}
