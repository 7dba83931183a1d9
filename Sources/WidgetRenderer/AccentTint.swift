/// Accented rendering: every pixel is recolored by its luminance along one tint, from a deep
/// shade of the accent (dark content) to a pale one (light content), keeping its opacity, except
/// what opts out: barcode plates with their quiet zones stay white with black modules. The
/// drawer gives accented widgets dark surfaces and white text, so text keeps its contrast after
/// tinting (pale tint on deep shade: above 6:1).
enum AccentTint {
    /// The accent color (the system blue).
    static let tint = RGBColor(0x0A, 0x84, 0xFF)
    /// What black becomes: a deep shade of the tint.
    static let deep = tint.mixed(with: .black, 0.84)
    /// What white becomes: the tint, paled.
    static let pale = tint.mixed(with: .white, 0.6)

    /// Tints `canvas` (the band it holds) in place, sparing the plates `spared` recorded.
    static func apply(to canvas: Canvas, sparing spared: PlateRecorder) {
        let plates = spared.plates
        canvas.withMutablePixels { data, stride in
            for y in canvas.rows {
                let row = UnsafeMutableRawPointer(data + (y - canvas.rows.lowerBound) * stride)
                    .assumingMemoryBound(to: UInt32.self)
                let rowPlates = plates.filter { Double(y) >= $0.y && Double(y) < $0.maxY }
                for x in 0..<canvas.width {
                    if !rowPlates.isEmpty, rowPlates.contains(where: { Double(x) >= $0.x && Double(x) < $0.maxX }) { continue }
                    row[x] = tinted(row[x])
                }
            }
        }
    }

    /// The straight color a pixel of luminance `luma` (0...1) becomes.
    static func color(luma: Double) -> RGBColor {
        deep.mixed(with: pale, luma)
    }

    /// One premultiplied ARGB32 pixel tinted by its luminance (premultiplied channels, so the
    /// result stays premultiplied).
    static func tinted(_ pixel: UInt32) -> UInt32 {
        let alpha = Double(pixel >> 24)
        guard alpha > 0 else { return pixel }
        let luma = Luminance.of(premultiplied: pixel) / alpha  // straight, 0...1
        let color = self.color(luma: min(1, luma))
        func channel(_ value: UInt8) -> UInt32 { UInt32((Double(value) * alpha / 255).rounded()) }
        return UInt32(alpha) << 24 | channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
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
