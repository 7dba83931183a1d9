/// Deflate's length and distance symbols (RFC 1951, section 3.2.5) as ``BilevelDeflate``'s token
/// writer reads them: a match length or distance becomes a symbol, a count of extra bits and
/// their value, packed as `symbol | extraCount << 8 | extra << 16`.
enum DeflateSymbols {
    /// The literal/length alphabet's size (0-255 literals, 256 end of block, 257-285 lengths).
    static let literalLengthCount = 286
    /// The distance alphabet's size (codes 0-29).
    static let distanceCount = 30
    /// The end-of-block symbol.
    static let endOfBlock = 256

    /// Match lengths 3...258 (index = length; 0-2 unused): length symbol - 257, extra bits.
    static let lengths: [UInt32] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        let symbol = lengthBases.lastIndex { $0 <= length }!
        return UInt32(symbol) | UInt32(lengthExtraBits[symbol]) << 8 | UInt32(length - lengthBases[symbol]) << 16
    }

    /// A match distance 1...32768: its code 0...29 and up to 13 extra bits.
    ///
    /// Distance codes 0-3 are the distances 1-4; from code 4 on, each pair of codes doubles the
    /// span: code `2n + b` (n >= 2) covers `(2 + b) << (n - 1)` + 1 ... with n - 1 extra bits.
    @inline(__always)
    static func distance(_ distance: Int) -> UInt32 {
        let offset = UInt32(truncatingIfNeeded: distance &- 1)
        guard offset >= 4 else { return offset }
        let topBit = UInt32(31 &- offset.leadingZeroBitCount)
        let extraCount = topBit &- 1
        let code = 2 &* topBit &+ ((offset &>> extraCount) & 1)
        let extra = offset & ((1 &<< extraCount) &- 1)
        return code | extraCount &<< 8 | extra &<< 16
    }

    /// The smallest length of each length symbol 257...285 (index = symbol - 257).
    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// How many extra bits follow each length symbol 257...285.
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
}
