import Foundation
import PNGEncoder

/// Vibrant rendering: the drawn widget desaturated to luminance and written as an 8-bit
/// gray+alpha PNG (IHDR colour type 4), which the lock screen composites over the wallpaper.
/// Opaque pixels stay opaque, so a barcode's white plate and black modules keep alpha 255.
enum VibrantConversion {
    /// Gray and alpha bytes (two per pixel, row by row) of the canvas: gray is the straight
    /// (un-premultiplied) luminance, alpha the pixel's opacity.
    static func grayAlpha(_ canvas: Canvas) -> [UInt8] {
        canvas.withPixels { data, stride in
            var bytes = [UInt8](repeating: 0, count: canvas.width * canvas.height * 2)
            for y in 0..<canvas.height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<canvas.width {
                    let pixel = row[x]
                    let alpha = pixel >> 24
                    let offset = (y * canvas.width + x) * 2
                    guard alpha > 0 else { continue }
                    let luma = Luminance.of(premultiplied: pixel) * 255 / Double(alpha)
                    bytes[offset] = UInt8(min(255, luma.rounded()))
                    bytes[offset + 1] = UInt8(alpha)
                }
            }
            return bytes
        }
    }

    /// The canvas as a gray+alpha PNG.
    static func png(_ canvas: Canvas) throws(RenderError) -> Data {
        do throws(PNGError) {
            let image = try PNGImage(width: canvas.width, height: canvas.height, format: .grayAlpha8, pixels: grayAlpha(canvas))
            return Data(try PNGEncoder.encode(image))
        } catch {
            throw .encodingFailed(error)
        }
    }
}
