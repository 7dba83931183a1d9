/// A picture drawn in horizontal bands on band-sized canvases, so that its pixels are never in
/// memory whole: a large widget at scale 3 is a 1092 x 1146 ARGB32 picture (5.0 MB), a band at
/// most ``bandBytes``.
///
/// Each band is drawn by painting the whole picture on a canvas that holds only those rows
/// (``Canvas/rows``: Cairo's device offset moves the picture's coordinates onto the band and
/// clips the rest), so its pixels are exactly those of one whole-picture canvas: an integer
/// offset changes neither Cairo's rasterising nor Pango's glyph positions. Rows are handed out
/// on request, a band drawn when a row of it is first asked for; a second pass over the rows
/// (the palette's histogram, then the PNG) draws every band again unless the picture is one band.
final class PictureBands: ARGBRowSource {
    /// Paints the whole picture on a canvas (which may hold a band of it) and returns the notes.
    typealias Paint = (Canvas) throws(RenderError) -> [RenderNote]

    /// The largest band: 1 MB of ARGB32 pixels.
    static let bandBytes = 1 << 20

    let width: Int
    let height: Int
    /// Rows per band (the last band may have fewer).
    let bandHeight: Int
    /// What the first painting reported.
    let notes: [RenderNote]
    private let paint: Paint
    /// The band drawn last (nil once a band failed to draw).
    private var canvas: Canvas?
    private(set) var failure: RenderError?
    /// What the rows read as once a band failed to draw: transparent.
    private let blank: UnsafeMutablePointer<UInt32>

    /// Draws the first band at once (throwing what its painting throws) and the others on request.
    /// `releasesAfterFirstPainting`: the clean code pages are released after it (``CleanPages``)
    /// when there are more bands to draw.
    init(
        width: Int, height: Int, bandBytes: Int = bandBytes, releasesAfterFirstPainting: Bool = false,
        paint: @escaping Paint
    ) throws(RenderError) {
        self.width = width
        self.height = height
        let bytes = width * 4 * height
        let bands = bytes <= bandBytes ? 1 : (bytes - 1) / max(1, bandBytes) + 1
        bandHeight = max(1, (height + bands - 1) / bands)
        self.paint = paint
        let first = try Canvas(width: width, height: height, rows: 0..<min(height, bandHeight))
        notes = try paint(first)
        // Font set-up and the layout report's code ran in the first painting only.
        if releasesAfterFirstPainting, bandHeight < height { CleanPages.release() }
        canvas = first
        blank = .allocate(capacity: max(1, width))
        blank.initialize(repeating: 0, count: max(1, width))
    }

    deinit {
        blank.deallocate()
    }

    /// The pixels of row `y`, drawing its band first when the canvas holds another one.
    func row(_ y: Int) -> UnsafePointer<UInt32> {
        guard failure == nil else { return UnsafePointer(blank) }
        if canvas?.rows.contains(y) != true {
            // The previous band goes first, so two bands are never in memory together.
            canvas = nil
            let start = y / bandHeight * bandHeight
            do throws(RenderError) {
                let band = try Canvas(width: width, height: height, rows: start..<min(height, start + bandHeight))
                _ = try paint(band)
                canvas = band
            } catch {
                failure = error
                return UnsafePointer(blank)
            }
        }
        let canvas = canvas!
        return canvas.withPixels { data, stride in
            UnsafeRawPointer(data + (y - canvas.rows.lowerBound) * stride).assumingMemoryBound(to: UInt32.self)
        }
    }
}
