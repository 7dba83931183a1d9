import Testing

@testable import Camera

@Suite struct CameraSourceTests {
    @Test func theThreeKindsOfSourceParse() throws {
        #expect(try CameraSource(parsing: "/dev/video2") == .device("/dev/video2"))
        #expect(try CameraSource(parsing: "pipewire") == .pipewire)
        #expect(try CameraSource(parsing: "gst:videotestsrc") == .pipeline("videotestsrc"))
    }

    @Test func anythingElseIsRefusedWithTheKindsListed() {
        for text in ["/dev/video", "/dev/videoX", "/dev/sda", "gst:", "gst:  ", "webcam", "/dev/video0/../sda"] {
            #expect(throws: CameraError.unknownSource(text)) { try CameraSource(parsing: text) }
        }
        #expect(CameraError.unknownSource("x").description.contains("/dev/videoN, pipewire or gst:PIPELINE"))
    }

    @Test func thePipelineEndsInAGreyAppSinkThatDropsOldFrames() {
        let description = CameraSource.pipeline("videotestsrc num-buffers=3").pipelineDescription
        #expect(description.hasPrefix("videotestsrc num-buffers=3 ! videoconvert ! videoscale ! video/x-raw,format=GRAY8"))
        #expect(description.hasSuffix("appsink name=wallet_frames max-buffers=1 drop=true enable-last-sample=false"))
        #expect(CameraSource.device("/dev/video1").pipelineDescription.hasPrefix("v4l2src device=/dev/video1 ! decodebin ! "))
    }
}
