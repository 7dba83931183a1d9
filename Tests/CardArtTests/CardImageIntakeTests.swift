import CardArt
import Foundation
import PNGEncoder
import Testing
import WalletCore
import WalletTestSupport

/// The intake of untrusted images: bounds before decoding, scaling to the role, re-encoding.
@Suite struct CardImageIntakeTests {
    /// A `width` x `height` opaque RGB PNG in one color (the wallet's own encoder).
    private func png(_ width: Int, _ height: Int) throws -> Data {
        Data(
            try PNGEncoder.encode(width: width, height: height, format: .rgb8) { _, row in
                for index in stride(from: 0, to: row.count, by: 3) {
                    row[index] = 200
                    row[index + 1] = 40
                    row[index + 2] = 10
                }
            })
    }

    @Test func aLargeLogoIsScaledIntoItsBoundsAsRGBA() throws {
        let image = try CardImageIntake().image(try png(1200, 300), name: "logo@3x.png", role: .logo)
        #expect((image.width, image.height) == (480, 120))
        #expect(image.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR: bit depth 8, colour type 6 (RGBA).
        #expect(image.png[24] == 8 && image.png[25] == 6)
    }

    @Test func aSmallImageKeepsItsSize() throws {
        let image = try CardImageIntake().image(try png(30, 20), name: "icon.png", role: .icon)
        #expect((image.width, image.height) == (30, 20))
    }

    @Test func aHeaderOverThePixelLimitIsRefusedBeforeDecoding() throws {
        // The IHDR says 10000 x 10000, with a valid CRC: a header that lies about a 10-pixel image.
        let data = Data(PNGChunks.lyingAboutItsSize(Array(try png(10, 10)), width: 10000, height: 10000))
        #expect(throws: CardImageError.tooManyPixels(name: "big.png", width: 10000, height: 10000, limit: 40_000_000)) {
            try CardImageIntake().image(data, name: "big.png", role: .logo)
        }
    }

    @Test func aDamagedHeaderIsCalledDamaged() throws {
        var data = try png(10, 10)
        data[20] ^= 0xFF  // the IHDR CRC no longer matches
        #expect(throws: CardImageError.corrupt(name: "bad.png", kind: "PNG", reason: "its header cannot be read")) {
            try CardImageIntake().image(data, name: "bad.png", role: .logo)
        }
    }

    @Test func textIsNotAnImage() {
        #expect(throws: CardImageError.unsupportedType(name: "notes.png", detected: nil)) {
            try CardImageIntake().image(Data("hello, this is text\n".utf8), name: "notes.png", role: .logo)
        }
    }

    @Test func aTruncatedPNGIsDamaged() throws {
        let data = try png(200, 100)
        #expect {
            try CardImageIntake().image(data.prefix(60), name: "cut.png", role: .logo)
        } throws: { error in
            guard case .corrupt(let name, _, _)? = error as? CardImageError else { return false }
            return name == "cut.png"
        }
    }

    @Test func tooManyBytesAreRefusedUnread() {
        let intake = CardImageIntake(limits: CardImageLimits(maxFileBytes: 100, maxPixels: 1000))
        #expect(throws: CardImageError.tooLarge(name: "x.png", bytes: 101, limit: 100)) {
            try intake.image(Data(count: 101), name: "x.png", role: .logo)
        }
    }
}

/// PNGs made by the wallet's own encoder for the intake tests.
enum PNGFixture {
    /// A `width` x `height` RGB image of pseudo-random pixels (slow to encode small).
    static func noise(width: Int, height: Int) throws -> [UInt8] {
        var state: UInt32 = 12345
        return try PNGEncoder.encode(width: width, height: height, format: .rgb8) { _, row in
            for index in row.indices {
                state = state &* 1_103_515_245 &+ 12345
                row[index] = UInt8(truncatingIfNeeded: state >> 16)
            }
        }
    }
}
