import Scanning
import Synchronization

/// Reads one barcode from a camera: starts the source, reads the newest frame over and over with
/// the scanner's readers (`Scanning.BarcodeScanner`), steadies the findings with a
/// ``ReadingStabilizer`` and returns the reading. GStreamer is loaded by the first ``run(_:)``.
///
/// For the CLI and the app alike: ``run(_:)`` blocks the calling thread (run it off the UI
/// thread) and reports every frame read to its handler, with a copy of the pixels when
/// ``CameraScanOptions/preview`` asks (for a live view). ``stop()``, from any thread, ends it
/// with ``CameraError/stopped`` within a frame; however it ends, the pipeline is set to NULL and
/// the camera released before ``run(_:)`` returns.
public final class CameraScanner: Sendable {
    public let source: CameraSource
    public let options: CameraScanOptions
    private let stopRequested = Atomic<Bool>(false)

    public init(source: CameraSource = .automatic, options: CameraScanOptions = CameraScanOptions()) {
        self.source = source
        self.options = options
    }

    /// Asks a running (or the next) ``run(_:)`` to end with ``CameraError/stopped``.
    public func stop() { stopRequested.store(true, ordering: .relaxed) }

    /// Reads until a reading is taken, the time-out passes, the source fails, ends or stalls, or
    /// ``stop()`` is called; `handler` sees each frame read, on the calling thread.
    public func run(_ handler: (CameraFrameReport) -> Void = { _ in }) throws(CameraError) -> CameraReading {
        let pipeline = try CameraPipeline(source: source)
        defer { pipeline.close() }
        let clock = ContinuousClock()
        let started = clock.now
        var firstFrame: ContinuousClock.Instant?
        var lastFrame = started
        var stabilizer = ReadingStabilizer()
        var state = StabilizerState.searching
        var number = 0
        let scanner = BarcodeScanner()
        while true {
            if stopRequested.load(ordering: .relaxed) { throw .stopped }
            let now = clock.now
            if now - started >= options.timeout {
                throw .timedOut(seconds: options.timeout.seconds, seen: Self.summary(of: state))
            }
            if now - lastFrame >= options.stallTimeout {
                throw .stalled(source: pipeline.source.name, seconds: Int(options.stallTimeout.seconds.rounded()))
            }
            let wait = min(options.timeout - (now - started), .milliseconds(100))
            let read: (found: [ScannedBarcode], size: FrameSize, cost: Duration)?
            do throws(CameraError) {
                read = try pipeline.withNextFrame(timeout: wait) { frame throws(CameraError) in
                    try Self.read(frame, with: scanner, source: pipeline.source.name, options: options)
                }
            } catch .ended(let source, _) {
                throw .ended(source: source, seen: Self.summary(of: state))
            }
            guard let (found, size, cost) = read else { continue }
            let arrival = clock.now - cost
            if firstFrame == nil { firstFrame = arrival }
            lastFrame = arrival
            number += 1
            let elapsed = arrival - (firstFrame ?? arrival)
            state = stabilizer.observe(found, at: elapsed)
            handler(
                CameraFrameReport(
                    number: number, width: size.width, height: size.height, streamTime: size.streamTime,
                    framesPerSecond: size.framesPerSecond, elapsed: elapsed, cost: cost, found: found, state: state,
                    preview: size.preview))
            if case .taken(let barcode) = state { return CameraReading(barcode: barcode, elapsed: elapsed, frames: number) }
        }
    }

    /// One frame's barcodes, what is kept of the frame, and the time reading it took. A frame whose
    /// decoding runs past the options' limit counts as holding nothing.
    private static func read(
        _ frame: CameraFrame, with scanner: BarcodeScanner, source: String, options: CameraScanOptions
    ) throws(CameraError) -> (found: [ScannedBarcode], size: FrameSize, cost: Duration) {
        let clock = ContinuousClock()
        let started = clock.now
        let found: [ScannedBarcode]
        do throws(ScanError) {
            found = try scanner.scan(
                grayPixels: frame.pixels, width: frame.width, height: frame.height, rowStride: frame.rowStride,
                source: source, timeout: options.frameDecodeLimit)
        } catch .timedOut {
            found = []
        } catch {
            throw .reader(error)
        }
        let kept = (
            frame.width, frame.height, frame.streamTime, frame.framesPerSecond, options.preview ? CameraPreview(frame) : nil
        )
        return (found, kept, clock.now - started)
    }

    /// `qr "text"` or `qr "a", ean13 "b"`: what was in view, for messages.
    static func summary(of state: StabilizerState) -> String? {
        switch state {
        case .searching: nil
        case .seen(let barcode, _, _), .taken(let barcode): ScanChoice.summary(of: [barcode])
        case .ambiguous(let barcodes): ScanChoice.summary(of: barcodes)
        }
    }
}

/// What is kept of a frame once it is read: its size and times, and the preview copy if asked for.
private typealias FrameSize = (width: Int, height: Int, streamTime: Duration?, framesPerSecond: Double?, preview: CameraPreview?)

/// How long a camera reading may take, and whether frames are copied for a preview.
public struct CameraScanOptions: Sendable {
    /// The whole reading's limit.
    public var timeout: Duration
    /// No frame for this long is an error (a covered, stuck or silent source).
    public var stallTimeout: Duration
    /// One frame's decoding limit: a frame that takes longer is skipped.
    public var frameDecodeLimit: Duration
    /// Copy each frame read into ``CameraFrameReport/preview``.
    public var preview: Bool

    public init(
        timeout: Duration = .seconds(60), stallTimeout: Duration = .seconds(5), frameDecodeLimit: Duration = .seconds(2),
        preview: Bool = false
    ) {
        self.timeout = timeout
        self.stallTimeout = stallTimeout
        self.frameDecodeLimit = frameDecodeLimit
        self.preview = preview
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
