import Scanning

/// Why the camera gave no reading. Each ``description`` is one line saying what to do.
public enum CameraError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GStreamer is not installed or lacks a function (the loader's message).
    case libraryMissing(reason: String)
    /// `--camera-source` is none of `/dev/videoN`, `pipewire`, `gst:PIPELINE`.
    case unknownSource(String)
    /// No PipeWire camera and no V4L2 capture device.
    case noCamera
    /// `pipewire` was asked for and GStreamer's PipeWire plugin is not installed.
    case pipewireMissing
    /// The device does not exist or cannot be opened.
    case notFound(source: String, detail: String?)
    /// Another program holds the camera.
    case busy(source: String)
    /// The pipeline does not parse or names an element that is not installed.
    case badPipeline(source: String, reason: String)
    /// The pipeline failed while starting or running (GStreamer's message).
    case failed(source: String, reason: String)
    /// No frame came for `seconds`.
    case stalled(source: String, seconds: Int)
    /// The source ended (a clip played to its end) before a reading was taken; `seen` says what
    /// was in view last.
    case ended(source: String, seen: String?)
    /// `--timeout` passed before a reading was taken.
    case timedOut(seconds: Double, seen: String?)
    /// Stopped by the user (Ctrl-C) or the app.
    case stopped
    /// The barcode reader failed on a frame (its own error).
    case reader(ScanError)

    public var description: String {
        switch self {
        case .libraryMissing(let reason):
            "cannot use the camera: GStreamer is missing (\(reason)); install libgstreamer1.0-0, "
                + "gstreamer1.0-plugins-base and gstreamer1.0-plugins-good"
        case .unknownSource(let text):
            "unknown camera source '\(text)': give /dev/videoN, pipewire or gst:PIPELINE (a GStreamer pipeline "
                + "ending in raw video)"
        case .noCamera:
            "no camera found (no PipeWire camera, no /dev/video* capture device): connect one, or name it with "
                + "--camera-source /dev/videoN"
        case .pipewireMissing:
            "cannot use the PipeWire camera: GStreamer's PipeWire plugin is missing; install gstreamer1.0-pipewire, "
                + "or give --camera-source /dev/videoN"
        case .notFound(let source, let detail):
            "cannot open \(source)\(detail.map { " (\($0))" } ?? ""): check that the camera is connected and that you may "
                + "use it (the video group), or give another --camera-source"
        case .busy(let source):
            "the camera \(source) is busy: close the program using it (a video call, another scanner) and try again"
        case .badPipeline(let source, let reason):
            "cannot start \(source): \(reason); check the pipeline (gst-launch-1.0 syntax, ending in raw video) "
                + "and that its elements are installed"
        case .failed(let source, let reason):
            "\(source) failed: \(reason); check the source with gst-launch-1.0, or give another --camera-source"
        case .stalled(let source, let seconds):
            "\(source) gave no picture for \(seconds) s: check that it is not covered or in use, or give another "
                + "--camera-source"
        case .ended(let source, let seen):
            "\(source) ended before a barcode was read\(seen.map { " (last seen: \($0))" } ?? ""); nothing stored"
        case .timedOut(let seconds, let seen):
            "no barcode read in \(Self.seconds(seconds)) s\(seen.map { " (last seen: \($0))" } ?? ""): hold one code "
                + "flat and still, filling a third of the picture, or raise --timeout"
        case .stopped:
            "stopped before a barcode was read; nothing stored"
        case .reader(let error):
            error.description
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
