import Camera
import Foundation
import Scanning

/// The limits and sources the app's scans use, as the CLI's: the standard scan limits, or a
/// shorter time from `WALLET_SCAN_SECONDS` (tests reach the deadline in a second); the camera
/// from `WALLET_CAMERA_SOURCE` (`/dev/videoN`, `pipewire` or `gst:PIPELINE`, as
/// `--camera-source`; tests play a recorded clip), else the automatic choice, for at most
/// `WALLET_CAMERA_SECONDS` (default 60, as `--timeout`).
enum ScanSettings {
    /// The scan limits.
    static func limits(environment: [String: String] = ProcessInfo.processInfo.environment) -> ScanLimits {
        var limits = ScanLimits.standard
        if let text = environment["WALLET_SCAN_SECONDS"], let seconds = Double(text), seconds > 0,
            seconds < limits.seconds
        {
            limits.seconds = seconds
        }
        return limits
    }

    /// The camera to read and how long, or the CLI's refusal of an unknown source.
    static func camera(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CameraError) -> (source: CameraSource, options: CameraScanOptions) {
        let source = try environment["WALLET_CAMERA_SOURCE"].map { text throws(CameraError) in try CameraSource(parsing: text) }
        var seconds = 60.0
        if let text = environment["WALLET_CAMERA_SECONDS"], let given = Double(text), given > 0, given <= 86_400 {
            seconds = given
        }
        return (source ?? .automatic, CameraScanOptions(timeout: .milliseconds(Int(seconds * 1000))))
    }
}
