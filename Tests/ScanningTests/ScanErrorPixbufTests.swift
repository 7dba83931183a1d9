import Pixbuf
@testable import Scanning
import Testing

/// gdk-pixbuf's failures become a scan's errors in one place, naming the file.
@Suite struct ScanErrorPixbufTests {
    @Test func eachFailureNamesTheFileAndWhatIsWrong() {
        let path = "code.png"
        let cases: [(PixbufError, ScanError)] = [
            (.libraryMissing(reason: "not found"), .imageReaderMissing(path: path, reason: "not found")),
            (.unreadable(reason: "Permission denied"), .unreadable(path: path, reason: "Permission denied")),
            (.unsupportedType(detected: "GIF"), .unsupportedType(path: path, detected: "GIF")),
            (.unsupportedType(detected: nil), .unsupportedType(path: path, detected: nil)),
            (
                .tooManyPixels(ImageSize(width: 9000, height: 9000), limit: 40_000_000),
                .tooManyPixels(path: path, width: 9000, height: 9000, limit: 40_000_000)
            ),
            (.damaged(.jpeg, .headerUnreadable), .corrupt(path: path, kind: "JPEG", reason: "its header cannot be read")),
            (
                .damaged(
                    .png, .sizeMismatch(header: ImageSize(width: 20, height: 10), decoded: ImageSize(width: 10, height: 10))),
                .corrupt(path: path, kind: "PNG", reason: "its header says 20x10 but it decodes to 10x10")
            ),
            (
                .damaged(.png, .undecodable(GLibError(code: 1, message: "CRC error"))),
                .corrupt(path: path, kind: "PNG", reason: "CRC error")
            ),
            (.outOfMemory(operation: "scale it"), .unreadable(path: path, reason: "no memory to scale it")),
        ]
        for (failure, expected) in cases {
            #expect(ScanError(failure, path: path) == expected)
        }
    }
}
