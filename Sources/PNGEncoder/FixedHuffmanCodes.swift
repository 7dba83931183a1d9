/// Deflate's fixed Huffman codes (RFC 1951, section 3.2.6), laid out for ``DeflateBitWriter``:
/// each entry is a code with its extra bits, already in the order they are written (Huffman codes
/// are sent most significant bit first, everything else least significant bit first, so the codes
/// are stored bit-reversed), packed as `bits << 5 | count`.
enum FixedHuffmanCodes {
    /// The literal bytes 0...255: 0-143 are 8-bit codes from 0x30, 144-255 9-bit codes from 0x190.
    static let literals: [UInt32] = (0...255).map { byte in
        byte < 144 ? packedCode(0x30 + byte, length: 8) : packedCode(0x190 + byte - 144, length: 9)
    }

    /// The end-of-block symbol 256: seven zero bits (a literal, so reading it costs no lazy
    /// initialisation).
    static let endOfBlock: UInt32 = 0 << 5 | 7

    /// Match lengths 3...258 (index = length; 0-2 unused): length symbols 257-285 with their
    /// extra bits, at most 8 + 5 bits.
    static let lengths: [UInt32] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        let symbol = lengthBases.lastIndex { $0 <= length }!
        let extraCount = lengthExtraBits[symbol]
        // Symbols 257-279 have 7-bit codes from 0, 280-287 8-bit codes from 0xC0.
        let code = symbol + 257 < 280 ? packedCode(symbol + 1, length: 7) : packedCode(0xC0 + symbol + 257 - 280, length: 8)
        return appending(UInt32(length - lengthBases[symbol]), count: extraCount, to: code)
    }

    /// A match distance 1...32768: its 5-bit code and up to 13 extra bits.
    ///
    /// Distance codes 0-3 are the distances 1-4; from code 4 on, each pair of codes doubles the
    /// span: code `2n + b` (n >= 2) covers `(2 + b) << (n - 1)` + 1 ... with n - 1 extra bits.
    @inline(__always)
    static func distance(_ distance: Int) -> UInt32 {
        let offset = UInt32(truncatingIfNeeded: distance &- 1)
        guard offset >= 4 else { return reversedDistanceCode(offset) << 5 | 5 }
        let topBit = UInt32(31 &- offset.leadingZeroBitCount)
        let extraCount = topBit &- 1
        let code = 2 &* topBit &+ ((offset &>> extraCount) & 1)
        let extra = offset & ((1 &<< extraCount) &- 1)
        return (reversedDistanceCode(code) | extra &<< 5) &<< 5 | (5 &+ extraCount)
    }

    /// A 5-bit distance code, bit-reversed.
    @inline(__always)
    private static func reversedDistanceCode(_ code: UInt32) -> UInt32 {
        (code & 1) &<< 4 | (code & 2) &<< 2 | (code & 4) | (code & 8) &>> 2 | (code & 16) &>> 4
    }

    /// The smallest length of each length symbol 257...285 (index = symbol - 257).
    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// How many extra bits follow each length symbol 257...285.
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    private static func packedCode(_ code: Int, length: Int) -> UInt32 {
        reversed(UInt32(code), length: length) << 5 | UInt32(length)
    }

    private static func appending(_ bits: UInt32, count: Int, to entry: UInt32) -> UInt32 {
        let length = entry & 31
        return ((entry >> 5) | bits << length) << 5 | (length + UInt32(count))
    }

    private static func reversed(_ code: UInt32, length: Int) -> UInt32 {
        (0..<length).reduce(0) { result, bit in result | ((code >> UInt32(bit)) & 1) << UInt32(length - 1 - bit) }
    }
}
