/// Finds, for each row of an image's filtered data, an earlier identical row within deflate's
/// 32 KiB window: the latest row seen of each of a few thousand hashes, checked byte for byte.
///
/// A barcode drawn at several pixels per module repeats every row (the copy is the row just
/// before) and its quiet zones are identical blank rows; older equal rows (a QR code's finder
/// patterns, a PDF417 row cluster) are found as long as no other row of the same hash bucket came
/// in between.
struct EqualRowFinder {
    /// Deflate's window: the farthest a match may reach back.
    static let window = 32_768

    private let data: UnsafePointer<UInt8>
    private let stride: Int
    /// Per bucket: the latest row whose hash falls in it (-1: none) and that row's full hash.
    private var rows: [Int32]
    private var hashes: [UInt32]
    private let mask: Int

    /// Rows of `stride` bytes each, the first at `data`; nil when no two rows can be in the
    /// window together or there is only one row.
    init?(data: UnsafeBufferPointer<UInt8>, stride: Int) {
        let rowCount = data.count / stride
        guard rowCount > 1, stride <= Self.window else { return nil }
        let rowsInWindow = min(rowCount, Self.window / stride + 1)
        var buckets = 16
        while buckets < 2 * rowsInWindow, buckets < 4096 { buckets *= 2 }
        self.data = data.baseAddress!
        self.stride = stride
        rows = [Int32](repeating: -1, count: buckets)
        hashes = [UInt32](repeating: 0, count: buckets)
        mask = buckets - 1
    }

    /// The distance back to an earlier row equal to `row` within the window, or nil; either way
    /// `row` becomes the one remembered for its hash. Rows must be passed in order.
    mutating func earlierEqualRow(_ row: Int) -> Int? {
        let start = data + row * stride
        let hash = Self.hash(start, count: stride)
        let bucket = Int(hash) & mask
        let candidate = Int(rows[bucket])
        rows[bucket] = Int32(truncatingIfNeeded: row)
        guard candidate >= 0, hashes[bucket] == hash else {
            hashes[bucket] = hash
            return nil
        }
        let distance = (row - candidate) * stride
        guard distance <= Self.window, Self.equal(start, start - distance, count: stride) else { return nil }
        return distance
    }

    /// A 32-bit hash of `count` bytes, eight at a time.
    private static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        let raw = UnsafeRawPointer(bytes)
        var hash: UInt64 = UInt64(truncatingIfNeeded: count)
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        while offset < count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x9E37_79B9_7F4A_7C15
            offset += 1
        }
        return UInt32(truncatingIfNeeded: hash >> 32)
    }

    private static func equal(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            guard UnsafeRawPointer(first).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == UnsafeRawPointer(second).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard first[offset] == second[offset] else { return false }
            offset += 1
        }
        return true
    }
}
