/// Finds an earlier copy of the 3 bytes at a position within deflate's window, for the bytes of
/// a row that neither repeat the byte before nor the byte above: one table slot per hash holding
/// the latest position seen (no chains), checked byte for byte.
///
/// In a barcode drawn at 3 or more pixels per module, a row's bytes come from a handful of values
/// (at 4 pixels per module: 0x00, 0x0F, 0xF0, 0xFF), so sequences recur along a row and between
/// module rows where no run or row above matches: files a sixth smaller for a few thousand
/// instructions per small PNG (bench/results.md, "Figures behind the code's comments",
/// `EqualTripletFinder`). The table is its caller's memory; slots hold position + 1 (0: empty).
struct EqualTripletFinder {
    private let data: UnsafePointer<UInt8>
    private let count: Int
    private let table: UnsafeMutableBufferPointer<UInt32>
    private let shift: UInt32

    /// How many slots ``init(data:count:table:)`` wants for `dataBytes` bytes: a power of two
    /// near half of them, 64 to 8,192.
    static func slotCount(dataBytes: Int) -> Int {
        var slots = 64
        while slots < dataBytes / 2, slots < 8192 { slots *= 2 }
        return slots
    }

    /// The `count` bytes at `data` (fewer than 2^32), with `table` (``slotCount(dataBytes:)``
    /// slots, cleared here).
    init(data: UnsafePointer<UInt8>, count: Int, table: UnsafeMutableBufferPointer<UInt32>) {
        precondition(table.count.nonzeroBitCount == 1 && count < Int(UInt32.max))
        self.data = data
        self.count = count
        self.table = table
        shift = UInt32(32 &- table.count.trailingZeroBitCount)
        table.update(repeating: 0)
    }

    /// The distance back to the latest earlier position of the same hash whose 3 bytes equal
    /// those at `position`, within the window; 0 when there is none. `position` becomes the
    /// latest of its hash.
    @inline(__always)
    func earlierCopy(at position: Int) -> Int {
        guard position &+ 4 <= count else { return 0 }
        let key = triplet(at: position)
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) &>> shift)
        let candidate = Int(table[slot]) &- 1
        table[slot] = UInt32(truncatingIfNeeded: position &+ 1)
        guard candidate >= 0, position &- candidate <= EqualRowFinder.window, triplet(at: candidate) == key else { return 0 }
        return position &- candidate
    }

    /// The 3 bytes at `position` (read as 4, `position + 4 <= count`), as one number.
    @inline(__always)
    private func triplet(at position: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(data + position).loadUnaligned(as: UInt32.self)) & 0x00FF_FFFF
    }
}
