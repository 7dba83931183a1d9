/// Writes deflate's bit stream (RFC 1951, section 3.1.1: bits fill each byte from its least
/// significant bit) into a buffer its caller sized: bits gather in a 64-bit word and leave it
/// four bytes at a time.
struct DeflateBitWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>
    private var next: UnsafeMutablePointer<UInt8>
    private var pending: UInt64 = 0
    private var pendingCount: UInt64 = 0

    /// Writes into `buffer`, which must hold every byte the stream will have.
    init(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!
        end = start + buffer.count
        next = start
    }

    /// Appends a code packed as ``HuffmanCodes/assign(lengths:symbols:used:into:)`` writes it: its
    /// `entry & 31` bits, `entry >> 5`, first bit first.
    @inline(__always)
    mutating func write(_ entry: UInt32) {
        write(bits: entry &>> 5, count: entry & 31)
    }

    /// Appends the low `count` (at most 28) bits of `bits`, least significant first.
    @inline(__always)
    mutating func write(bits: UInt32, count: UInt32) {
        // pendingCount stays below 32 between calls: no overflow.
        pending |= UInt64(bits) &<< pendingCount
        pendingCount &+= UInt64(count)
        guard pendingCount >= 32 else { return }
        // The caller's bound covers every byte written: a failure here is a bug in that bound.
        precondition(end - next >= 4, "deflate output exceeds its bound")
        UnsafeMutableRawPointer(next).storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
        next += 4
        pending &>>= 32
        pendingCount &-= 32
    }

    /// Pads the last byte with zero bits and writes what is left; returns the stream's length in bytes.
    mutating func finish() -> Int {
        while pendingCount > 0 {
            precondition(next < end, "deflate output exceeds its bound")
            next.pointee = UInt8(truncatingIfNeeded: pending)
            next += 1
            pending >>= 8
            pendingCount = pendingCount > 8 ? pendingCount - 8 : 0
        }
        return next - start
    }
}
