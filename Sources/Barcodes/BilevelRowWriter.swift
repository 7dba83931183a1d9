/// Writes one row of a 1-bit image (1 = white, most significant bit first) as runs of equal
/// pixels: the byte in progress is completed by shifting, whole bytes inside a run are stored as
/// 0x00 or 0xFF at once, so a run costs a few operations however many pixels it has.
///
/// Used by ``BarcodeMatrix/png(moduleSize:barHeight:compression:)`` to draw a module row; a row
/// drawn pixel by pixel cost 14,000 instructions per 19 x 19 Aztec PNG at 2 px per module
/// (callgrind, release build), most of the PNG's drawing.
struct BilevelRowWriter {
    private let row: UnsafeMutablePointer<UInt8>
    private var position = 0
    /// Pixels written into the byte in progress (0 to 7), held in the low bits of `pending`.
    private var pendingCount = 0
    private var pending = 0

    /// A writer filling `row` from its first pixel.
    init(_ row: UnsafeMutableBufferPointer<UInt8>) { self.row = row.baseAddress! }

    /// Appends `count` (>= 0) pixels, white or black.
    @inline(__always)
    mutating func append(_ count: Int, white: Bool) {
        var left = count
        if pendingCount > 0 {
            let take = min(left, 8 &- pendingCount)
            pending = pending &<< take | (white ? (1 &<< take) &- 1 : 0)
            pendingCount &+= take
            left &-= take
            guard pendingCount == 8 else { return }
            row[position] = UInt8(truncatingIfNeeded: pending)
            position &+= 1
            pendingCount = 0
        }
        let fill: UInt8 = white ? 0xFF : 0x00
        var whole = left &>> 3
        while whole > 0 {
            row[position] = fill
            position &+= 1
            whole &-= 1
        }
        pendingCount = left & 7
        pending = white ? (1 &<< pendingCount) &- 1 : 0
    }

    /// Writes the byte in progress, its unused low bits white (1), as PNG rows are padded here.
    mutating func finish() {
        guard pendingCount > 0 else { return }
        let padding = 8 &- pendingCount
        row[position] = UInt8(truncatingIfNeeded: pending &<< padding | ((1 &<< padding) &- 1))
        position &+= 1
        pendingCount = 0
    }
}
