internal import CGStreamer
import Glibc

/// One running GStreamer pipeline ending in the wallet's appsink (wallet_camera.h): the newest
/// grey frame on request. Closing it (or dropping it) sets the pipeline to NULL, which releases
/// the device.
final class CameraPipeline {
    private var camera: OpaquePointer?
    let source: CameraSource

    /// Loads GStreamer, resolves the source and starts it.
    init(source: CameraSource) throws(CameraError) {
        try GStreamerLibrary.load()
        self.source = try source.resolved()
        var status = WALLET_CAMERA_OK
        var message: UnsafeMutablePointer<CChar>?
        camera = wallet_camera_open(self.source.pipelineDescription, CameraSource.sinkName, &status, &message)
        let reason = Self.take(message)
        if camera == nil { throw Self.error(status, reason: reason, source: self.source) }
    }

    deinit { close() }

    /// Stops the pipeline and releases the device; later calls do nothing.
    func close() {
        wallet_camera_close(camera)
        camera = nil
    }

    /// Calls `body` with the newest frame, waiting up to `timeout` for one; nil when none came.
    /// The pixels are GStreamer's, valid only inside `body`.
    func withNextFrame<Result>(
        timeout: Duration, _ body: (CameraFrame) throws(CameraError) -> Result
    ) throws(CameraError) -> Result? {
        guard let camera else { throw .stopped }
        var frame = wallet_camera_frame()
        var message: UnsafeMutablePointer<CChar>?
        let milliseconds = Int32(
            clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let status = wallet_camera_next(camera, milliseconds, &frame, &message)
        let reason = Self.take(message)
        switch status {
        case WALLET_CAMERA_OK: break
        case WALLET_CAMERA_NO_FRAME: return nil
        default: throw Self.error(status, reason: reason, source: source)
        }
        let bytes = Int(frame.stride) * Int(frame.height - 1) + Int(frame.width)
        return try body(
            CameraFrame(
                pixels: UnsafeRawBufferPointer(start: frame.pixels, count: bytes), width: Int(frame.width),
                height: Int(frame.height), rowStride: Int(frame.stride),
                streamTime: frame.pts_ns >= 0 ? .nanoseconds(frame.pts_ns) : nil,
                framesPerSecond: frame.fps_num > 0 && frame.fps_den > 0 ? Double(frame.fps_num) / Double(frame.fps_den) : nil))
    }

    private static func take(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "" }
        defer { free(message) }
        return String(cString: message)
    }

    private static func error(_ status: wallet_camera_status, reason: String, source: CameraSource) -> CameraError {
        switch status {
        case WALLET_CAMERA_ENDED: .ended(source: source.name, seen: nil)
        case WALLET_CAMERA_BUSY: .busy(source: source.name)
        case WALLET_CAMERA_NOT_FOUND: .notFound(source: source.name, detail: reason.isEmpty ? nil : reason)
        case WALLET_CAMERA_BAD_PIPELINE: .badPipeline(source: source.name, reason: reason)
        default: .failed(source: source.name, reason: reason.isEmpty ? "unknown error" : reason)
        }
    }
}

/// One grey frame, borrowed from GStreamer for the time of a call.
struct CameraFrame {
    var pixels: UnsafeRawBufferPointer
    var width: Int
    var height: Int
    var rowStride: Int
    /// The frame's stream time (its presentation time stamp), nil when the source gives none.
    var streamTime: Duration?
    /// The source's frame rate, nil when its caps do not say.
    var framesPerSecond: Double?
}
