import Testing

@testable import Camera

/// ``CameraScanner`` over GStreamer test sources (no camera needed; libWalletScan.so is beside
/// the test binary after `make libraries CONFIG=debug`, as for ScanningTests).
@Suite struct CameraScannerTests {
    private let blank = "videotestsrc is-live=true pattern=black ! video/x-raw,width=160,height=120,framerate=30/1"

    @Test func stopFromTheHandlerEndsTheReading() {
        let scanner = CameraScanner(source: .pipeline(blank), options: CameraScanOptions(timeout: .seconds(20)))
        var frames = 0
        #expect(throws: CameraError.stopped) {
            try scanner.run { _ in
                frames += 1
                if frames == 2 { scanner.stop() }
            }
        }
        #expect(frames == 2)
    }

    @Test func previewsAreGreyFramesAtTheSizeRead() throws {
        let scanner = CameraScanner(
            source: .pipeline(blank), options: CameraScanOptions(timeout: .seconds(20), preview: true))
        var previews: [CameraPreview] = []
        #expect(throws: CameraError.stopped) {
            try scanner.run { report in
                if let preview = report.preview { previews.append(preview) }
                scanner.stop()
            }
        }
        let preview = try #require(previews.first)
        #expect(preview.width == 160 && preview.height == 120 && preview.pixels.count == 160 * 120)
        #expect(preview.pixels.allSatisfy { $0 < 32 })
    }

    @Test func aClipThatEndsBeforeAReadingSaysSo() {
        let scanner = CameraScanner(source: .pipeline("videotestsrc num-buffers=3 ! video/x-raw,width=160,height=120"))
        #expect(throws: CameraError.ended(source: "the GStreamer pipeline", seen: nil)) { try scanner.run() }
    }

    @Test func theTimeOutEndsTheReading() {
        let scanner = CameraScanner(source: .pipeline(blank), options: CameraScanOptions(timeout: .milliseconds(700)))
        #expect(throws: CameraError.timedOut(seconds: 0.7, seen: nil)) { try scanner.run() }
    }
}
