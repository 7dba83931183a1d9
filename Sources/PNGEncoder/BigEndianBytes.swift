extension UnsafeMutableBufferPointer where Element == UInt8 {
    /// Stores `value` as 4 bytes, most significant first (PNG's lengths and CRCs, zlib's Adler-32),
    /// at `offset`.
    func storeBigEndian(_ value: UInt32, at offset: Int) {
        for index in 0..<4 { self[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
    }
}
