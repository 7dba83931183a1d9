internal import CWalletScanAPI
import OnDemandLibrary
import FileOutput

/// Finds barcodes in pixels with zxing-cpp and zbar (libWalletScan.so, through ``ZXingLibrary``).
struct ZXingReader {
    private let zxing: ZXingLibrary

    /// Loads the reader before anything is decoded; `path` names the file being scanned in the error.
    init(path: String) throws(ScanError) {
        zxing = try ZXingLibrary.shared.mapError { ScanError.barcodeReaderMissing(path: path, reason: $0.description) }.get()
    }

    /// Every symbol in `image`, with `page` recorded on each; `path` names the file in errors.
    /// Decoding runs in a child process stopped after `timeout` (see wallet_scan.h).
    func read(_ image: PixelImage, page: Int?, path: String, timeout: Duration) throws(ScanError) -> [ScannedBarcode] {
        guard let base = image.pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
            image.width > 0, image.height > 0,
            image.rowStride >= image.width * image.layout.bytesPerPixel,
            image.pixels.count >= image.rowStride * (image.height - 1) + image.width * image.layout.bytesPerPixel
        else { throw .decoderFailed(path: path, status: Int32(CZX_INVALID_ARGUMENT.rawValue)) }
        var results: UnsafeMutablePointer<czx_results>?
        var detail: Int32 = 0
        let milliseconds = Int32(
            clamping: max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let status = zxing.read(
            base, Int32(image.width), Int32(image.height), Int32(image.rowStride), Self.layout(image.layout), milliseconds,
            &results, &detail)
        defer { zxing.freeResults(results) }
        switch status {
        case CZX_OK: break
        case CZX_TIMED_OUT: throw .timedOut(path: path, page: page)
        case CZX_DECODER_CRASHED: throw .decoderCrashed(path: path, signal: detail, page: page)
        case CZX_SYSTEM_ERROR:
            throw .unreadable(path: path, reason: "cannot start the barcode reader: " + ErrnoText.message(for: detail))
        default: throw .decoderFailed(path: path, status: Int32(status.rawValue))
        }
        guard let results else { throw .decoderFailed(path: path, status: Int32(status.rawValue)) }
        return (0..<results.pointee.count).map { index in
            let item = results.pointee.items[index]
            let format = ZXingFormat.scannedFormat(name: String(cString: item.format))
            let textBytes = Array(UnsafeRawBufferPointer(start: item.text, count: item.text_length))
            let symbolBytes = Array(UnsafeRawBufferPointer(start: item.bytes, count: item.bytes_length))
            let plain = String(decoding: textBytes, as: UTF8.self)
            let text = ZXingFormat.text(plain, format: format)
            let c = item.corners
            let corners = [(c.0, c.1), (c.2, c.3), (c.4, c.5), (c.6, c.7)].map { ScanPoint(x: Int($0.0), y: Int($0.1)) }
            let identifier = withUnsafeBytes(of: item.symbology_identifier) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            return ScannedBarcode(
                format: format, text: text, corners: corners, page: page,
                disputed: item.flags & UInt32(CZX_DISPUTED) != 0, gs1: item.flags & UInt32(CZX_GS1) != 0,
                symbologyIdentifier: identifier,
                textEncoding: ZXingFormat.textEncoding(of: plain, utf8: textBytes, symbolBytes: symbolBytes),
                unconfirmed: item.flags & UInt32(CZX_UNCONFIRMED) != 0)
        }
    }

    private static func layout(_ layout: PixelLayout) -> czx_pixel_layout {
        switch layout {
        case .gray: CZX_GRAY
        case .rgb: CZX_RGB
        case .rgba: CZX_RGBA
        case .bgrx: CZX_BGRX
        }
    }
}
