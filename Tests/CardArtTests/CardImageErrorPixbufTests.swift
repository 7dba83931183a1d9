@testable import CardArt
import Pixbuf
import Testing

/// gdk-pixbuf's failures become card image errors in one place, naming the image.
@Suite struct CardImageErrorPixbufTests {
    @Test func eachFailureNamesTheImageAndWhatIsWrong() {
        let name = "logo@3x.png"
        let cases: [(PixbufError, CardImageError)] = [
            (.libraryMissing(reason: "not found"), .readerMissing(name: name, reason: "not found")),
            (.unreadable(reason: "Permission denied"), .unreadable(name: name, reason: "Permission denied")),
            (.unsupportedType(detected: "GIF"), .unsupportedType(name: name, detected: "GIF")),
            (
                .tooManyPixels(ImageSize(width: 9000, height: 9000), limit: 40_000_000),
                .tooManyPixels(name: name, width: 9000, height: 9000, limit: 40_000_000)
            ),
            (.damaged(.png, .noSize), .corrupt(name: name, kind: "PNG", reason: "no image size in its header")),
            (
                .damaged(
                    .jpeg, .sizeMismatch(header: ImageSize(width: 20, height: 10), decoded: ImageSize(width: 10, height: 10))),
                .corrupt(name: name, kind: "JPEG", reason: "its header says 20x10 but it decodes to 10x10")
            ),
            (
                .damaged(.png, .orientationFailed),
                .corrupt(name: name, kind: "PNG", reason: "its orientation could not be applied")
            ),
            (
                .outOfMemory(operation: "add its alpha channel"),
                .unreadable(name: name, reason: "no memory to add its alpha channel")
            ),
        ]
        for (failure, expected) in cases {
            #expect(CardImageError(failure, name: name) == expected)
        }
    }
}
