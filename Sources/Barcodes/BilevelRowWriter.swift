/// Writes one row of a 1-bit image (1 = white, most significant bit first) as runs of equal
/// pixels: a run of up to 56 pixels is shifted into a 64-bit accumulator whose full bytes are
/// stored; a longer one completes the byte in progress and stores its whole bytes as 0x00 or 0xFF
/// at once. A run costs a few operations however many pixels it has.
///
/// Used by ``BarcodeMatrix/png(moduleSize:barHeight:compression:)`` to draw a module row, at
/// about two thirds of the cost of drawing pixel by pixel (bench/results.md, "Figures behind the
/// code's comments", `BilevelRowWriter`).
struct BilevelRowWriter {
    private let row: UnsafeMutablePointer<UInt8>
    private var position = 0
    /// Pixels not yet stored (fewer than 8) in the low `pendingCount` bits of `pending`; the bits
    /// above them are stale.
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// A writer filling `row` from its first pixel.
    init(_ row: UnsafeMutableBufferPointer<UInt8>) { self.row = row.baseAddress! }

    /// Appends `count` (>= 0) pixels, white or black.
    @inline(__always)
    mutating func append(_ count: Int, white: Bool) {
        guard count <= 56 else { return appendLong(count, white: white) }
        shiftIn(count, white: white)
        while pendingCount >= 8 { storeByte() }
    }

    /// Appends `count` (0 to 8) pixels, white or black: at most one byte completes, so there is
    /// no loop (a module of up to 8 px in 8 instructions or so).
    @inline(__always)
    mutating func appendShort(_ count: Int, white: Bool) {
        shiftIn(count, white: white)
        if pendingCount >= 8 { storeByte() }
    }

    /// Shifts `count` (0 to 56) pixels into `pending`, which then holds fewer than 64.
    @inline(__always)
    private mutating func shiftIn(_ count: Int, white: Bool) {
        let shift = UInt64(truncatingIfNeeded: count)
        pending = pending &<< shift | (white ? (1 &<< shift) &- 1 : 0)
        pendingCount &+= count
    }

    /// Stores the oldest 8 of the pending pixels (there are 8 or more).
    @inline(__always)
    private mutating func storeByte() {
        pendingCount &-= 8
        row[position] = UInt8(truncatingIfNeeded: pending &>> UInt64(truncatingIfNeeded: pendingCount))
        position &+= 1
    }

    /// A run of more than 56 pixels: the byte in progress completed, then whole bytes at once.
    private mutating func appendLong(_ count: Int, white: Bool) {
        var left = count
        if pendingCount > 0 {
            let take = 8 &- pendingCount
            append(take, white: white)
            left &-= take
        }
        let whole = left &>> 3
        (row + position).update(repeating: white ? 0xFF : 0x00, count: whole)
        position &+= whole
        pendingCount = left & 7
        pending = white ? (1 &<< UInt64(truncatingIfNeeded: pendingCount)) &- 1 : 0
    }

    /// Writes the byte in progress, its unused low bits white (1), as PNG rows are padded here.
    mutating func finish() {
        guard pendingCount > 0 else { return }
        let padding = UInt64(truncatingIfNeeded: 8 &- pendingCount)
        row[position] = UInt8(truncatingIfNeeded: pending &<< padding | ((1 &<< padding) &- 1))
        position &+= 1
        pendingCount = 0
    }
}
