import Foundation
import PNGEncoder
import WalletTestSupport

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
            bytes = PNGChunks.lyingAboutItsSize(bytes, width: fakeWidth, height: fakeHeight)
        }
        return bytes
    }
}
