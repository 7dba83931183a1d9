import Foundation
import PNGEncoder

/// Vibrant rendering: the drawn widget desaturated to luminance and written as an 8-bit
/// gray+alpha PNG (IHDR color type 4), which the lock screen composites over the wallpaper.
/// Opaque pixels stay opaque, so a barcode's white plate and black modules keep alpha 255.
enum VibrantConversion {
    /// Gray and alpha bytes (two per pixel, row by row) of the canvas.
    static func grayAlpha(_ canvas: Canvas) -> [UInt8] {
        let rows = canvas.withPixels { data, stride in ARGBRows(owner: canvas, base: data, stride: stride) }
        var bytes = [UInt8](repeating: 0, count: canvas.width * canvas.height * 2)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<canvas.height {
                convert(
                    rows.row(y), width: canvas.width,
                    into: UnsafeMutableBufferPointer(rebasing: buffer[(y * canvas.width * 2)...]))
            }
        }
        return bytes
    }

    /// Writes one row's gray and alpha bytes into `out`: gray is the straight (un-premultiplied)
    /// luminance, alpha the pixel's opacity; transparent pixels are 0, 0.
    static func convert(_ row: UnsafePointer<UInt32>, width: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        for x in 0..<width {
            let pixel = row[x]
            let alpha = pixel >> 24
            guard alpha > 0 else {
                (out[2 * x], out[2 * x + 1]) = (0, 0)
                continue
            }
            let luma = Luminance.of(premultiplied: pixel) * 255 / Double(alpha)
            out[2 * x] = UInt8(min(255, luma.rounded()))
            out[2 * x + 1] = UInt8(alpha)
        }
    }

    /// The picture as a gray+alpha PNG, converted row by row as the encoder asks for them.
    static func png(_ picture: PictureBands) throws(RenderError) -> Data {
        let bytes: [UInt8]
        do throws(PNGError) {
            bytes = try PNGEncoder.encode(width: picture.width, height: picture.height, format: .grayAlpha8) { y, row in
                convert(picture.row(y), width: picture.width, into: row)
            }
        } catch {
            throw .encodingFailed(error)
        }
        if let failure = picture.failure { throw failure }
        return Data(bytes)
    }
}
