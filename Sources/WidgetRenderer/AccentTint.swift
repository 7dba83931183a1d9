/// Accented rendering: every pixel is recoloured to the accent tint by its luminance (dark
/// content to a deep shade of the tint, light content to the tint itself), keeping its opacity,
/// except what opts out: barcode plates with their quiet zones stay white with black modules.
enum AccentTint {
    /// The accent colour (the system blue); light content takes it, dark content a third of it.
    static let tint = RGBColor(0x0A, 0x84, 0xFF)
    static let shadow = 0.3

    /// Tints `canvas` in place, sparing the plates `spared` recorded.
    static func apply(to canvas: Canvas, sparing spared: PlateRecorder) {
        let plates = spared.plates
        canvas.withMutablePixels { data, stride in
            for y in 0..<canvas.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let rowPlates = plates.filter { Double(y) >= $0.y && Double(y) < $0.maxY }
                for x in 0..<canvas.width {
                    if !rowPlates.isEmpty, rowPlates.contains(where: { Double(x) >= $0.x && Double(x) < $0.maxX }) { continue }
                    row[x] = tinted(row[x])
                }
            }
        }
    }

    /// One premultiplied ARGB32 pixel tinted by its luminance (premultiplied channels, so the
    /// result stays premultiplied).
    static func tinted(_ pixel: UInt32) -> UInt32 {
        let alpha = Double(pixel >> 24)
        guard alpha > 0 else { return pixel }
        let luma = Luminance.of(premultiplied: pixel) / 255  // 0...alpha/255
        let level = shadow * alpha / 255 + (1 - shadow) * luma
        func channel(_ value: UInt8) -> UInt32 { UInt32(min(255, (Double(value) * level).rounded())) }
        return UInt32(alpha) << 24 | channel(tint.red) << 16 | channel(tint.green) << 8 | channel(tint.blue)
    }
}

/// Luma of sRGB pixels (BT.709 weights on the encoded values), as vibrant and accented
/// rendering desaturate them.
enum Luminance {
    /// 0...255 times the pixel's opacity, from a premultiplied ARGB32 pixel.
    static func of(premultiplied pixel: UInt32) -> Double {
        let red = Double((pixel >> 16) & 0xFF)
        let green = Double((pixel >> 8) & 0xFF)
        let blue = Double(pixel & 0xFF)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    }
}
