internal import CPNG

/// One libpng write: owns the `png_struct`/`png_info` pair and the error state libpng reports
/// into (created in `init`, freed in `deinit`) and collects the encoded bytes in memory.
final class PNGWriteSession {
    private let png: png_structp
    private let info: png_infop
    /// libpng's last error message, filled by the shim's error callback.
    private let errorState: UnsafeMutablePointer<wallet_png_error_state>
    /// The encoded bytes written so far.
    private(set) var bytes: [UInt8] = []

    init(expectedSize: Int) throws(PNGError) {
        let errorState = UnsafeMutablePointer<wallet_png_error_state>.allocate(capacity: 1)
        errorState.initialize(to: wallet_png_error_state())
        guard let png = wallet_png_create_write_struct(errorState) else {
            errorState.deallocate()
            throw .outOfMemory
        }
        guard let info = png_create_info_struct(png) else {
            var pngPointer: png_structp? = png
            png_destroy_write_struct(&pngPointer, nil)
            errorState.deallocate()
            throw .outOfMemory
        }
        self.png = png
        self.info = info
        self.errorState = errorState
        bytes.reserveCapacity(expectedSize)
        png_set_write_fn(png, Unmanaged.passUnretained(self).toOpaque(), pngSessionWrite, pngSessionFlush)
    }

    deinit {
        var pngPointer: png_structp? = png
        var infoPointer: png_infop? = info
        png_destroy_write_struct(&pngPointer, &infoPointer)
        errorState.deallocate()
    }

    /// Writes the signature and header chunks.
    func writeHeader(width: Int, height: Int, format: PNGPixelFormat, compression: PNGCompression) throws(PNGError) {
        let colorType: Int32
        var colors: [png_color] = []
        var alpha: [UInt8] = []
        switch format {
        case .gray1, .gray8: colorType = PNG_COLOR_TYPE_GRAY
        case .rgb8: colorType = PNG_COLOR_TYPE_RGB
        case .grayAlpha8: colorType = PNG_COLOR_TYPE_GRAY_ALPHA
        case .rgba8: colorType = PNG_COLOR_TYPE_RGB_ALPHA
        case .palette(let palette):
            colorType = PNG_COLOR_TYPE_PALETTE
            colors = palette.colors.map { png_color(red: $0.red, green: $0.green, blue: $0.blue) }
            alpha = palette.alpha
        }
        let status = wallet_png_write_header(
            png, info, png_uint_32(width), png_uint_32(height), format.bitDepth, colorType,
            colors, Int32(colors.count), alpha, Int32(alpha.count),
            Int32(compression.level), compression.strategy.zlibValue, compression.filter.libpngMask,
            Self.memoryLevel(dataBytes: (format.bytesPerRow(width: width) + 1) * height))
        guard status == 0 else { throw failure(stage: "header") }
    }

    /// zlib's `memLevel` for an image of `dataBytes` filtered bytes: a match hash table of about
    /// as many entries as there are bytes (2^(memLevel + 7)), from 2 up to zlib's default 8 (64 KB,
    /// from 32 KB of data on). zlib clears the whole table for every image: with the default, that
    /// clearing dominated a batch of small barcodes (bench/results.md, "Figures behind the code's
    /// comments", `PNGWriteSession`). A smaller
    /// table finds the same matches in data that small; the files stay within a few bytes.
    static func memoryLevel(dataBytes: Int) -> Int32 {
        var level: Int32 = 2
        while level < 8, 1 << (level + 7) < dataBytes { level += 1 }
        return level
    }

    /// Writes one row, already laid out in the image's pixel format.
    func writeRow(_ row: UnsafePointer<UInt8>) throws(PNGError) {
        guard wallet_png_write_row(png, row) == 0 else { throw failure(stage: "image rows") }
    }

    /// Writes the end chunk; `bytes` then holds the whole file.
    func finish() throws(PNGError) {
        guard wallet_png_write_end(png, info) == 0 else { throw failure(stage: "end chunk") }
    }

    /// The error for a wrapper that returned -1: the stage and the message libpng gave.
    private func failure(stage: String) -> PNGError {
        let message = withUnsafeBytes(of: &errorState.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .libpngFailed(stage: stage, message: message)
    }

    fileprivate func append(_ data: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: data)
    }
}

/// libpng's write callback: appends to the session passed as the io pointer.
private func pngSessionWrite(_ png: png_structp?, _ data: png_bytep?, _ length: Int) {
    guard let png, let data, let io = png_get_io_ptr(png) else { return }
    let session = Unmanaged<PNGWriteSession>.fromOpaque(io).takeUnretainedValue()
    session.append(UnsafeBufferPointer(start: data, count: length))
}

/// libpng's flush callback: nothing to flush in memory.
private func pngSessionFlush(_ png: png_structp?) {}
