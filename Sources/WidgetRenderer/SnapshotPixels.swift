/// A snapshot's pixels in the form the PNG goes out in: indexed (at most 256 colours, the
/// usual case for flat widget art, and the smallest file) or straight RGBA.
struct SnapshotPixels {
    enum Storage {
        /// One palette index per pixel; palette entries are straight RGBA.
        case indexed(indices: [UInt8], palette: [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)])
        /// Four bytes per pixel, straight (not premultiplied) alpha.
        case rgba([UInt8])
    }

    let width: Int
    let height: Int
    let storage: Storage

    /// Converts Cairo's premultiplied native-endian ARGB32 rows to straight colour, choosing a
    /// palette when the picture has 256 colours or fewer.
    init(argb32 data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) {
        self.width = width
        self.height = height
        if let indexed = Self.indexed(data, width: width, height: height, stride: stride) {
            storage = indexed
        } else {
            storage = .rgba(Self.rgba(data, width: width, height: height, stride: stride))
        }
    }

    /// The straight RGBA of pixel (x, y), whatever the storage.
    func rgba(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        switch storage {
        case .indexed(let indices, let palette):
            let entry = palette[Int(indices[y * width + x])]
            return (entry.red, entry.green, entry.blue, entry.alpha)
        case .rgba(let bytes):
            let offset = (y * width + x) * 4
            return (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
        }
    }

    private static func indexed(_ data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> Storage? {
        var indices = [UInt8](repeating: 0, count: width * height)
        var lookup: [UInt32: UInt8] = [:]
        var colours: [UInt32] = []
        var lastPixel: UInt32 = 0
        var lastIndex: UInt8 = 0
        var haveLast = false
        let ok = indices.withUnsafeMutableBufferPointer { out -> Bool in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    if haveLast, pixel == lastPixel {
                        out[y * width + x] = lastIndex
                        continue
                    }
                    let index: UInt8
                    if let known = lookup[pixel] {
                        index = known
                    } else {
                        guard colours.count < 256 else { return false }
                        index = UInt8(colours.count)
                        lookup[pixel] = index
                        colours.append(pixel)
                    }
                    out[y * width + x] = index
                    lastPixel = pixel
                    lastIndex = index
                    haveLast = true
                }
            }
            return true
        }
        guard ok else { return nil }
        return .indexed(indices: indices, palette: colours.map(straight))
    }

    private static func rgba(_ data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let colour = straight(row[x])
                    let offset = (y * width + x) * 4
                    out[offset] = colour.red
                    out[offset + 1] = colour.green
                    out[offset + 2] = colour.blue
                    out[offset + 3] = colour.alpha
                }
            }
        }
        return bytes
    }

    /// Un-premultiplies one ARGB32 pixel (alpha in the top byte).
    private static func straight(_ pixel: UInt32) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let alpha = pixel >> 24
        guard alpha > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = (pixel >> shift) & 0xFF
            return UInt8(min(255, (premultiplied * 255 + alpha / 2) / alpha))
        }
        return (channel(16), channel(8), channel(0), UInt8(alpha))
    }
}
