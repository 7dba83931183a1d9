/// Finds, for each row of an image's filtered data, an earlier identical row within deflate's
/// 32 KiB window: the latest row seen of each hash bucket, checked byte for byte.
///
/// A barcode drawn at several pixels per module repeats every row (the copy is the row just
/// before, always found: it is the latest row of its bucket) and its quiet zones are identical
/// blank rows; older equal rows (a QR code's finder patterns, a PDF417 row cluster) are found as
/// long as no other row of the same bucket came in between. The table is its caller's memory (a
/// small one fits on the stack), one word per bucket: the row number + 1 (0: empty) in the high
/// half, the row's hash in the low half.
struct EqualRowFinder {
    /// Deflate's window: the farthest a match may reach back.
    static let window = 32_768

    private let data: UnsafePointer<UInt8>
    private let stride: Int
    private let table: UnsafeMutableBufferPointer<UInt64>
    private let mask: Int

    /// How many buckets ``init(data:stride:table:)`` wants for `rows` rows of `stride` bytes: a
    /// power of two, about one per row that fits in the window, 16 to 4,096; 0 when no two rows
    /// fit in the window together or there is only one row.
    static func bucketCount(rows: Int, stride: Int) -> Int {
        guard rows > 1, stride <= window else { return 0 }
        let rowsInWindow = min(rows, window / stride + 1)
        var buckets = 16
        while buckets < rowsInWindow, buckets < 4096 { buckets *= 2 }
        return buckets
    }

    /// Rows of `stride` bytes from `data`, with `table` (``bucketCount(rows:stride:)`` words,
    /// cleared here) for their hashes.
    init(data: UnsafePointer<UInt8>, stride: Int, table: UnsafeMutableBufferPointer<UInt64>) {
        precondition(table.count.nonzeroBitCount == 1)
        self.data = data
        self.stride = stride
        self.table = table
        mask = table.count - 1
        table.update(repeating: 0)
    }

    /// The distance back to an earlier row equal to `row` within the window, or nil; either way
    /// `row` becomes the one remembered for its bucket. Rows must be passed in order.
    func earlierEqualRow(_ row: Int) -> Int? {
        let start = row &* stride
        let hash = self.hash(rowAt: start)
        let bucket = Int(truncatingIfNeeded: hash) & mask
        let entry = table[bucket]
        table[bucket] = UInt64(row &+ 1) &<< 32 | UInt64(hash)
        guard entry != 0, UInt32(truncatingIfNeeded: entry) == hash else { return nil }
        let distance = (row &- Int(entry &>> 32) &+ 1) &* stride
        guard distance <= Self.window, rowsEqual(start, start &- distance) else { return nil }
        return distance
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A 32-bit hash of the row that starts at `start`, eight bytes at a time.
    private func hash(rowAt start: Int) -> UInt32 {
        var hash: UInt64 = 0
        var offset = 0
        while offset &+ 8 <= stride {
            hash = (hash ^ word(at: start &+ offset)) &* Self.multiplier
            hash ^= hash &>> 29
            offset &+= 8
        }
        if offset < stride {
            hash = (hash ^ tail(endingAt: start &+ stride, count: stride &- offset)) &* Self.multiplier
        }
        return UInt32(truncatingIfNeeded: hash &>> 32)
    }

    private func rowsEqual(_ first: Int, _ second: Int) -> Bool {
        var offset = 0
        while offset &+ 8 <= stride {
            guard word(at: first &+ offset) == word(at: second &+ offset) else { return false }
            offset &+= 8
        }
        let rest = stride &- offset
        return rest == 0 || tail(endingAt: first &+ stride, count: rest) == tail(endingAt: second &+ stride, count: rest)
    }

    @inline(__always)
    private func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(data).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The `count` (1...7) bytes before `end` as one little-endian number: one load that also
    /// reads the bytes before them, shifted out, when there are 8 bytes before `end`; byte by
    /// byte at the start of the data.
    @inline(__always)
    private func tail(endingAt end: Int, count: Int) -> UInt64 {
        if end >= 8 { return word(at: end &- 8) &>> UInt64(64 &- 8 &* count) }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(data[end &- count &+ index]) &<< UInt64(8 &* index) }
        return value
    }
}
