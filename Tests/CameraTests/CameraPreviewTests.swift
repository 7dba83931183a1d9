import Testing

@testable import Camera

@Suite struct CameraPreviewTests {
    @Test func aPreviewPacksTheRowsWithoutTheirPadding() {
        // 3x2 grey pixels in rows padded to 4 bytes, as GStreamer lays GRAY8 out.
        let padded: [UInt8] = [1, 2, 3, 99, 4, 5, 6, 99]
        let preview = padded.withUnsafeBytes { bytes in
            CameraPreview(
                CameraFrame(pixels: bytes, width: 3, height: 2, rowStride: 4, streamTime: nil, framesPerSecond: nil))
        }
        #expect(preview.width == 3 && preview.height == 2 && preview.pixels == [1, 2, 3, 4, 5, 6])
    }

    @Test func everyFailureIsOneLineSayingWhatToDo() {
        let errors: [CameraError] = [
            .libraryMissing(reason: "libgstreamer-1.0.so.0: cannot open shared object file"), .noCamera, .pipewireMissing,
            .notFound(source: "/dev/video3", detail: nil), .busy(source: "/dev/video0"),
            .badPipeline(source: "the GStreamer pipeline", reason: "no element \"x\""),
            .failed(source: "the GStreamer pipeline", reason: "Internal data stream error"),
            .stalled(source: "/dev/video0", seconds: 5), .ended(source: "the GStreamer pipeline", seen: nil),
            .timedOut(seconds: 2.5, seen: #"1 qr "A""#), .stopped,
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(
                ["install", "connect", "close", "check", "give", "hold", "nothing stored"].contains {
                    error.description.contains($0)
                }, "\(error.description)")
        }
        #expect(CameraError.busy(source: "/dev/video0").description.hasPrefix("the camera /dev/video0 is busy: close"))
        #expect(CameraError.timedOut(seconds: 2.5, seen: nil).description.hasPrefix("no barcode read in 2.5 s"))
    }
}
