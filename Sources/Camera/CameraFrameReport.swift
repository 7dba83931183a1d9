import Scanning

/// One frame the camera reader looked at: what it found, how the reading stands, what it cost.
public struct CameraFrameReport: Sendable {
    /// 1 for the first frame read (frames dropped in between are not counted).
    public var number: Int
    /// The frame's size as read (grey, scaled down to at most 1280 pixels a side).
    public var width: Int
    public var height: Int
    /// The frame's stream time stamp, nil when the source gives none.
    public var streamTime: Duration?
    /// The source's frame rate, nil when it does not say.
    public var framesPerSecond: Double?
    /// Wall time since the first frame arrived.
    public var elapsed: Duration
    /// Wall time spent reading this frame.
    public var cost: Duration
    /// The barcodes in this frame (corners in this frame's pixels).
    public var found: [ScannedBarcode]
    /// The reading after this frame.
    public var state: StabilizerState
    /// The frame's pixels, when ``CameraScanOptions/preview`` asked for them.
    public var preview: CameraPreview?
}

/// A copy of one grey frame for a live view: `width` x `height` bytes, rows packed.
public struct CameraPreview: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    init(_ frame: CameraFrame) {
        width = frame.width
        height = frame.height
        var pixels: [UInt8] = []
        pixels.reserveCapacity(frame.width * frame.height)
        for row in 0..<frame.height {
            let start = row * frame.rowStride
            pixels.append(contentsOf: frame.pixels[start..<(start + frame.width)])
        }
        self.pixels = pixels
    }
}

/// The reading a camera gave: one code, steady over frames.
public struct CameraReading: Sendable {
    public var barcode: ScannedBarcode
    /// Wall time from the first frame to the reading.
    public var elapsed: Duration
    /// Frames read until then.
    public var frames: Int
}
