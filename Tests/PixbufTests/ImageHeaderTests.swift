import Foundation
import PNGEncoder
import Pixbuf
import Testing

/// The one header check before an untrusted image is decoded: type, size, pixel limit, and a
/// file with a PNG or JPEG signature whose header cannot be read called damaged.
@Suite struct ImageHeaderTests {
    private let files = PixbufFiles()

    @Test func aPNGHeaderGivesItsFormatAndSize() throws {
        let header = try ImageHeader.checked(path: files.write(PixbufFiles.png(40, 20)), maxPixels: 1000)
        #expect(header == ImageHeader(format: .png, size: ImageSize(width: 40, height: 20)))
    }

    @Test func aTruncatedPNGIsDamagedNotOfAnotherType() throws {
        let path = try files.write(Array(PixbufFiles.png(40, 20).prefix(20)))
        #expect(throws: PixbufError.damaged(.png, .headerUnreadable)) {
            try ImageHeader.checked(path: path, maxPixels: 1000)
        }
    }

    @Test func aTruncatedJPEGIsDamaged() throws {
        let path = try files.write([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        #expect(throws: PixbufError.damaged(.jpeg, .headerUnreadable)) {
            try ImageHeader.checked(path: path, maxPixels: 1000)
        }
    }

    @Test func aHeaderOverThePixelLimitIsRefusedBeforeDecoding() throws {
        let path = try files.write(PixbufFiles.png(40, 20, headerSays: (10000, 10000)))
        #expect(throws: PixbufError.tooManyPixels(ImageSize(width: 10000, height: 10000), limit: 40_000_000)) {
            try ImageHeader.checked(path: path, maxPixels: 40_000_000)
        }
    }

    @Test func theLimitIsInclusive() throws {
        let path = try files.write(PixbufFiles.png(40, 20))
        #expect(try ImageHeader.checked(path: path, maxPixels: 800).size.pixels == 800)
        #expect(throws: PixbufError.tooManyPixels(ImageSize(width: 40, height: 20), limit: 799)) {
            try ImageHeader.checked(path: path, maxPixels: 799)
        }
    }

    @Test func textIsNoImage() throws {
        let path = try files.write(Array("hello, this is text\n".utf8))
        #expect(throws: PixbufError.unsupportedType(detected: nil)) { try ImageHeader.checked(path: path, maxPixels: 1000) }
    }

    @Test func aGIFIsNamedAndRefused() throws {
        // A 1x1 GIF89a.
        let gif: [UInt8] = [
            0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
            0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
        ]
        let path = try files.write(gif)
        #expect(throws: PixbufError.unsupportedType(detected: "GIF")) { try ImageHeader.checked(path: path, maxPixels: 1000) }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: PixbufError.unreadable(reason: "No such file or directory")) {
            try ImageHeader.checked(path: files.directory + "/missing.png", maxPixels: 1000)
        }
    }

    @Test func theDamageReasonsReadAsOneClause() {
        let mismatch = PixbufError.Damage.sizeMismatch(
            header: ImageSize(width: 20, height: 10), decoded: ImageSize(width: 10, height: 10))
        #expect(mismatch.description == "its header says 20x10 but it decodes to 10x10")
        #expect(PixbufError.Damage.headerUnreadable.description == "its header cannot be read")
        #expect(PixbufError.Damage.undecodable(GLibError(code: 2, message: "bad CRC")).description == "bad CRC")
    }
}
