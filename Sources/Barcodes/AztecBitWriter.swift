/// A bit string of a known length, one bit per byte (0 or 1), written from the start, most
/// significant bit of each value first.
struct AztecBitWriter {
    private(set) var bits: [UInt8]
    private var count = 0

    /// A writer for exactly `length` bits.
    init(length: Int) { bits = [UInt8](repeating: 0, count: length) }

    mutating func append(_ value: Int, bitCount: Int) {
        precondition(count + bitCount <= bits.count, "more bits than the writer holds")
        var position = count
        bits.withUnsafeMutableBufferPointer { buffer in
            // Bounds checked above: wrapping arithmetic, no checks per bit.
            var shift = bitCount &- 1
            while shift >= 0 {
                buffer[position] = UInt8(truncatingIfNeeded: value &>> shift) & 1
                position &+= 1
                shift &-= 1
            }
        }
        count = position
    }
}
