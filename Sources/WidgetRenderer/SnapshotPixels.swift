/// A snapshot's pixels as a palette image: widget art is flat color (cards, plates, bars) plus
/// antialiased edges of text and rounded corners. The 256 most frequent colors are kept
/// exactly (black and white among them always, so barcode modules never change); a rarer edge
/// color maps to its nearest palette entry. One byte per pixel keeps the PNG small and fast.
///
/// The palette indices are never stored for the whole picture: ``indexRow(_:into:)`` converts
/// one row of the drawn ARGB pixels at a time, as the PNG encoder asks for it: a full index
/// buffer beside the canvas added to a large widget's peak (bench/results.md, "Figures behind the
/// code's comments", `SnapshotPixels`). Nor need the ARGB
/// pixels be: the rows may come from ``PictureBands``, which draws them band by band (once for
/// the histogram, once more as the encoder asks for them).
@_spi(Benchmarks) public struct SnapshotPixels {
    /// Straight (not premultiplied) RGBA.
    typealias Color = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    let width: Int
    let height: Int
    let palette: [Color]
    /// True when every pixel kept its exact color (the picture had at most 256 colors).
    let isExact: Bool
    /// The palette index of every premultiplied color the picture has.
    private let lookup: [UInt32: UInt8]
    /// The premultiplied ARGB32 rows the indices come from (kept alive with the pixels).
    private let rows: any ARGBRowSource

    private static let opaqueBlack: UInt32 = 0xFF00_0000
    private static let opaqueWhite: UInt32 = 0xFFFF_FFFF

    /// The pixels of a drawn canvas; the canvas stays alive as long as these pixels do.
    init(canvas: Canvas) {
        self.init(
            rows: canvas.withPixels { data, stride in ARGBRows(owner: canvas, base: data, stride: stride) },
            width: canvas.width, height: canvas.height)
    }

    /// Converts Cairo's premultiplied native-endian ARGB32 rows (copied: `data` need not outlive the call).
    init(argb32 data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) {
        self.init(rows: ARGBRows(copying: data, count: stride * height, stride: stride), width: width, height: height)
    }

    /// The pixels `rows` produces, read once here for the palette and again by ``indexRow(_:into:)``.
    init(rows: any ARGBRowSource, width: Int, height: Int) {
        self.width = width
        self.height = height
        self.rows = rows
        let counts = Self.histogram(rows, width: width, height: height)
        var kept = [Self.opaqueBlack, Self.opaqueWhite]
        kept += counts.filter { $0.key != Self.opaqueBlack && $0.key != Self.opaqueWhite }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(254).map(\.key)
        var lookup: [UInt32: UInt8] = [:]
        for (index, color) in kept.enumerated() { lookup[color] = UInt8(index) }
        for color in counts.keys where lookup[color] == nil {
            lookup[color] = Self.nearest(color, in: kept)
        }
        self.lookup = lookup
        isExact = counts.count <= kept.count && counts.keys.allSatisfy { kept.contains($0) }
        palette = kept.map(Self.straight)
    }

    /// Why some rows could not be drawn: nil when every row was (check it after encoding).
    var failure: RenderError? { rows.failure }

    /// Writes the palette indices of row `y` into `out` (`width` bytes).
    func indexRow(_ y: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        guard width > 0 else { return }
        let row = rows.row(y)
        // A color missing from the histogram comes only from the blank rows of a band that
        // failed to draw, and then ``failure`` discards the picture.
        var last = row[0]
        var lastIndex = lookup[last] ?? 0
        for x in 0..<width {
            let pixel = row[x]
            if pixel != last {
                last = pixel
                lastIndex = lookup[pixel] ?? 0
            }
            out[x] = lastIndex
        }
    }

    /// The straight RGBA of pixel (x, y).
    func rgba(x: Int, y: Int) -> Color {
        palette[Int(lookup[rows.row(y)[x]] ?? 0)]
    }

    /// How many pixels have each premultiplied color (runs of one color cost one lookup).
    private static func histogram(_ rows: any ARGBRowSource, width: Int, height: Int) -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for y in 0..<height {
            let row = rows.row(y)
            var x = 0
            while x < width {
                let pixel = row[x]
                var end = x + 1
                while end < width, row[end] == pixel { end += 1 }
                counts[pixel, default: 0] += end - x
                x = end
            }
        }
        return counts
    }

    /// The index of the palette color closest to `color` (premultiplied channels, so alpha counts).
    private static func nearest(_ color: UInt32, in palette: [UInt32]) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in palette.enumerated() {
            var distance = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                let delta = Int((color >> shift) & 0xFF) - Int((candidate >> shift) & 0xFF)
                distance += delta * delta
            }
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(best)
    }

    /// Un-premultiplies one ARGB32 pixel (alpha in the top byte).
    static func straight(_ pixel: UInt32) -> Color {
        let alpha = pixel >> 24
        guard alpha > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = (pixel >> shift) & 0xFF
            return UInt8(min(255, (premultiplied * 255 + alpha / 2) / alpha))
        }
        return (channel(16), channel(8), channel(0), UInt8(alpha))
    }
}
