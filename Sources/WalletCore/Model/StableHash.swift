/// FNV-1a, 64 bits: a hash that is the same across runs and platforms (Swift's `Hasher` is
/// seeded per process), for derived colors and art digests. Not cryptographic.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }

    /// The value as 16 lower-case hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
