import Foundation

/// The logos of one render, decoded once and kept for its other paintings (``PictureBands``
/// paints the picture once per band and pass: decoding each logo again was most of a banded
/// render's extra time), up to ``budget`` bytes of decoded pixels; past it a logo is decoded
/// each time it is drawn, as before.
///
/// The decoded image is kept, not a copy scaled to the tile: drawing it is the very same Cairo
/// call, so the pixels stay byte for byte those of a direct draw (a logo pre-scaled onto its own
/// surface differed by a unit in a few pixels, enough to change the palette of the PNG).
/// Identical PNGs (one logo on several cards) share one decoded image.
final class DecodedLogos {
    /// The most decoded pixels kept: 1 MB, three or four 480 x 150 logos.
    static let budget = 1 << 20

    private var kept: [(png: Data, image: CairoImage)] = []
    private var keptBytes = 0

    /// `png` decoded (nil when it does not decode), from the ones kept when it was decoded before.
    func image(of png: Data) -> CairoImage? {
        if let known = kept.first(where: { $0.png == png }) { return known.image }
        guard let image = CairoImage(png: png) else { return nil }
        let bytes = image.width * image.height * 4
        if keptBytes + bytes <= Self.budget {
            kept.append((png, image))
            keptBytes += bytes
        }
        return image
    }
}
