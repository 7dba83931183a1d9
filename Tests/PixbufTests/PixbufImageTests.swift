import Foundation
import Pixbuf
import Testing

/// The owned decoded image: decoded as its header says (a header that lies is refused), scaled
/// and given alpha as new images, its pixels lent to a closure.
@Suite struct PixbufImageTests {
    private let files = PixbufFiles()

    private func decoded(_ bytes: [UInt8], fittingSide side: Int? = nil) throws -> PixbufImage {
        let path = try files.write(bytes)
        return try PixbufImage(decoding: path, header: ImageHeader.checked(path: path, maxPixels: 1 << 20), fittingSide: side)
    }

    @Test func anImageDecodesAtItsHeadersSize() throws {
        let image = try decoded(PixbufFiles.png(40, 20))
        #expect(image.size == ImageSize(width: 40, height: 20) && image.format == .png && !image.hasAlpha)
        image.withPixels { pixels in
            #expect(pixels.channels == 3 && pixels.rowStride >= 120)
            #expect(Array(pixels.bytes.prefix(3)) == [200, 40, 10])
        }
    }

    @Test func aLargeImageDecodesToFitTheSideAsked() throws {
        #expect(try decoded(PixbufFiles.png(40, 20), fittingSide: 10).size == ImageSize(width: 10, height: 5))
        #expect(try decoded(PixbufFiles.png(40, 20), fittingSide: 100).size == ImageSize(width: 40, height: 20))
    }

    @Test func aHeaderThatSaysMoreThanTheDataHoldsIsDamaged() throws {
        // IHDR says 80x40 (valid CRC) over pixel data for 40x20.
        let lying = PixbufFiles.png(40, 20, headerSays: (80, 40))
        #expect {
            try decoded(lying)
        } throws: { error in
            guard case .damaged(.png, let damage)? = error as? PixbufError else { return false }
            switch damage {
            case .undecodable, .sizeMismatch: return true
            default: return false
            }
        }
    }

    @Test func scalingAndAlphaMakeNewImages() throws {
        let image = try decoded(PixbufFiles.png(40, 20))
        let scaled = try image.scaled(to: ImageSize(width: 20, height: 10))
        #expect(scaled.size == ImageSize(width: 20, height: 10))
        #expect(image.size == ImageSize(width: 40, height: 20))
        #expect(try image.scaled(to: image.size) === image)
        let rgba = try scaled.withAlphaChannel()
        #expect(rgba.hasAlpha && rgba !== scaled)
        rgba.withPixels { pixels in
            #expect(pixels.channels == 4)
            #expect(Array(pixels.bytes.prefix(4)) == [200, 40, 10, 255])
        }
        #expect(try rgba.withAlphaChannel() === rgba)
    }
}
