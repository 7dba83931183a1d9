/// Deflate's fixed Huffman codes (RFC 1951, section 3.2.6) as one table of the literal/length
/// alphabet followed by the distance alphabet, laid out as ``HuffmanCodes/assign(lengths:symbols:used:into:)``
/// writes every code table.
enum FixedHuffmanCodes {
    /// The code lengths: literals 0-143 8 bits, 144-255 9, symbols 256-279 7, 280-285 8; the 30
    /// distance codes 5 bits.
    static let lengths: [UInt8] = (0..<(DeflateSymbols.literalLengthCount + DeflateSymbols.distanceCount)).map { symbol in
        switch symbol {
        case 0..<144: 8
        case 144..<256: 9
        case 256..<280: 7
        case 280..<DeflateSymbols.literalLengthCount: 8
        default: 5
        }
    }

    /// The codes, packed as `reversed code << 5 | length`. The canonical codes count the two
    /// literal/length symbols deflate never uses (286, 287: 8 bits) too.
    static let codes: [UInt32] = {
        let literalCount = DeflateSymbols.literalLengthCount
        let allLiteralLengths = Array(lengths[..<literalCount]) + [8, 8]
        let literalCodes = codes(for: allLiteralLengths).prefix(literalCount)
        return Array(literalCodes) + codes(for: Array(lengths[literalCount...]))
    }()

    private static func codes(for lengths: [UInt8]) -> [UInt32] {
        var codes = [UInt32](repeating: 0, count: lengths.count)
        let symbols = (0..<lengths.count).map(UInt16.init)
        HuffmanCodes.assign(lengths: lengths, symbols: symbols, used: symbols.count, into: &codes)
        return codes
    }
}
