internal import CGStreamer
import Glibc

/// Where frames come from, as `--camera-source` names it.
public enum CameraSource: Equatable, Sendable {
    /// The PipeWire camera where there is one, else the first V4L2 capture device.
    case automatic
    /// A V4L2 device, `/dev/videoN`.
    case device(String)
    /// The desktop's PipeWire camera (`pipewiresrc`).
    case pipewire
    /// A GStreamer pipeline ending in raw video (`gst:PIPELINE`), for tests and unusual setups.
    case pipeline(String)

    /// The source `text` names: `/dev/videoN`, `pipewire` or `gst:PIPELINE`.
    public init(parsing text: String) throws(CameraError) {
        if text == "pipewire" {
            self = .pipewire
        } else if text.hasPrefix("gst:") {
            let pipeline = String(text.dropFirst(4))
            guard pipeline.contains(where: { !$0.isWhitespace }) else { throw .unknownSource(text) }
            self = .pipeline(pipeline)
        } else if text.hasPrefix("/dev/video"), text.count > 10, text.dropFirst(10).allSatisfy(\.isASCII),
            text.dropFirst(10).allSatisfy(\.isNumber)
        {
            self = .device(text)
        } else {
            throw .unknownSource(text)
        }
    }

    /// The name used in messages: the device, `pipewire` or `the pipeline`.
    public var name: String {
        switch self {
        case .automatic: "the camera"
        case .device(let path): path
        case .pipewire: "the PipeWire camera"
        case .pipeline: "the GStreamer pipeline"
        }
    }

    /// The source element(s) of the pipeline, the automatic source resolved to a real one.
    /// GStreamer must be loaded.
    func resolved() throws(CameraError) -> CameraSource {
        switch self {
        case .automatic:
            if wallet_camera_has_pipewire_camera() != 0 { return .pipewire }
            var path = [CChar](repeating: 0, count: 32)
            guard wallet_camera_first_capture_device(&path, path.count) != 0 else { throw .noCamera }
            return .device(String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        case .pipewire:
            guard wallet_camera_has_element("pipewiresrc") != 0 else { throw .pipewireMissing }
            return self
        case .device(let path):
            guard access(path, F_OK) == 0 else { throw .notFound(source: path, detail: nil) }
            return self
        case .pipeline: return self
        }
    }

    /// The name the pipeline's frame sink has.
    static let sinkName = "wallet_frames"

    /// The largest side a frame is read at: larger frames are scaled down (by GStreamer, before
    /// they are queued), which keeps 1080p and 4K sources at 720p's cost per frame.
    static let largestSide = 1280

    /// The whole gst-launch description: this source, made grey and at most ``largestSide``
    /// pixels wide and high, into an appsink that keeps only the newest frame (`max-buffers=1
    /// drop=true`: frames are dropped, never queued).
    var pipelineDescription: String {
        let source =
            switch self {
            case .automatic, .pipewire: "pipewiresrc ! decodebin"
            case .device(let path): "v4l2src device=\(path) ! decodebin"
            case .pipeline(let pipeline): pipeline
            }
        let side = Self.largestSide
        return "\(source) ! videoconvert ! videoscale ! "
            + "video/x-raw,format=GRAY8,width=[1,\(side)],height=[1,\(side)],pixel-aspect-ratio=1/1 ! "
            + "appsink name=\(Self.sinkName) max-buffers=1 drop=true enable-last-sample=false"
    }
}
