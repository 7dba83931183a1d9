import Foundation
import PNGEncoder

/// Image files for the Pixbuf tests, in a directory removed when the value is.
final class PixbufFiles {
    let directory: String
    private var count = 0

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pixbuf-tests-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Writes `bytes` to a new file and returns its path.
    func write(_ bytes: [UInt8]) throws -> String {
        count += 1
        let path = "\(directory)/image\(count)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A `width` x `height` opaque RGB PNG in one color; `headerSays` rewrites the IHDR's size
    /// (with a valid CRC) to lie about it.
    static func png(_ width: Int, _ height: Int, headerSays: (Int, Int)? = nil) -> [UInt8] {
        var bytes = try! PNGEncoder.encode(width: width, height: height, format: .rgb8) { _, row in
            for index in stride(from: 0, to: row.count, by: 3) {
                row[index] = 200
                row[index + 1] = 40
                row[index + 2] = 10
            }
        }
        if let (fakeWidth, fakeHeight) = headerSays {
            bytes.replaceSubrange(16..<24, with: bigEndian(UInt32(fakeWidth)) + bigEndian(UInt32(fakeHeight)))
            bytes.replaceSubrange(29..<33, with: bigEndian(crc32(Array(bytes[12..<29]))))
        }
        return bytes
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 (ISO 3309), bit by bit: enough for one chunk in a test.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
