import CDeflate
import Testing
import WalletTestSupport

@testable import PNGEncoder

/// Length-limited Huffman codes: optimal below the limit, never above it, always complete (a
/// Kraft sum of exactly 1, which zlib's inflate requires), with zlib's two 1-bit codes for an
/// alphabet of fewer than two symbols; and a dynamic block built from such skewed counts
/// inflates back through zlib.
@Suite struct HuffmanCodesTests {
    /// The code lengths `buildLengths` gives `counts` under `limit` (0 for the unused symbols),
    /// checked against the list of symbols it returns.
    static func lengths(_ counts: [UInt32], limit: Int) -> [Int] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        var scratch = [Int](repeating: 0, count: 2 * counts.count + 4)
        var symbols = [UInt16](repeating: 0, count: counts.count + 2)
        var used = counts.withUnsafeBufferPointer { HuffmanCodes.occurring(in: $0, into: &symbols) }
        #expect(symbols[..<used].map(Int.init) == counts.indices.filter { counts[$0] > 0 })
        used = HuffmanCodes.buildLengths(
            counts: counts, symbols: &symbols, used: used, limit: limit, into: &lengths, scratch: &scratch)
        #expect(symbols[..<used].map(Int.init) == lengths.indices.filter { lengths[$0] > 0 })
        return lengths.map(Int.init)
    }

    /// The Kraft sum of `lengths` (0: unused) in units of 2^-15: 32,768 for a complete code.
    static func kraftSum(_ lengths: [Int]) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 << (15 - $1) }
    }

    /// The cost of an optimal unlimited Huffman code for the nonzero `counts`, merging the two
    /// smallest weights each time (the textbook construction, independent of the one tested).
    static func optimalCost(_ counts: [UInt32]) -> Int {
        var weights = counts.filter { $0 > 0 }.map(Int.init)
        var cost = 0
        while weights.count > 1 {
            weights.sort()
            let merged = weights[0] + weights[1]
            cost += merged
            weights.replaceSubrange(0..<2, with: [merged])
        }
        return cost
    }

    static func cost(_ counts: [UInt32], _ lengths: [Int]) -> Int {
        zip(counts, lengths).reduce(0) { $0 + Int($1.0) * $1.1 }
    }

    static let fibonacci: [UInt32] = Array(
        sequence(state: (UInt32(1), UInt32(1))) { state in
            defer { state = (state.1, state.0 + state.1) }
            return state.0
        }.prefix(30))

    @Test(arguments: [1, 2, 3, 8, 40, 286])
    func randomCountsGetOptimalCompleteCodes(symbols: Int) {
        var random = SeededRandom(seed: UInt64(symbols))
        let counts = (0..<max(symbols + symbols % 2, 2)).map { index in
            index < symbols && Bool.random(using: &random) || index == 0 ? UInt32.random(in: 1...5000, using: &random) : 0
        }
        let lengths = Self.lengths(counts, limit: 15)
        let used = counts.filter { $0 > 0 }.count
        #expect(Self.kraftSum(lengths) == 1 << 15, "seed \(random.seed)")
        #expect(zip(counts, lengths).allSatisfy { ($0 == 0) == ($1 == 0) } || used < 2)
        if used >= 2 { #expect(Self.cost(counts, lengths) == Self.optimalCost(counts), "seed \(random.seed)") }
    }

    /// Fibonacci counts make the optimal tree as deep as the alphabet (29 bits for 30 symbols):
    /// the codes are cut to 15 bits (7 for the code-length code) and stay complete.
    @Test(arguments: [(30, 15), (18, 7), (16, 15), (20, 15)])
    func fibonacciCountsAreCutToTheLimit(symbols: Int, limit: Int) {
        let counts = Array(Self.fibonacci.prefix(symbols))
        let lengths = Self.lengths(counts, limit: limit)
        #expect(lengths.max()! == min(limit, symbols - 1))
        #expect(lengths.allSatisfy { $0 >= 1 })
        #expect(Self.kraftSum(lengths) == 1 << 15)
        // The rarer a symbol, the longer (or as long) its code.
        #expect(zip(lengths, lengths.dropFirst()).allSatisfy { $0 >= $1 })
    }

    /// With no symbol, or one, there are still two 1-bit codes, as zlib writes a distance tree
    /// no match uses: symbols 0 and 1, or the one used and 0 (1 when it is 0).
    @Test func fewerThanTwoSymbolsGetTwoOneBitCodes() {
        #expect(Self.lengths([0, 0, 0, 0], limit: 15) == [1, 1, 0, 0])
        #expect(Self.lengths([0, 0, 9, 0], limit: 15) == [1, 0, 1, 0])
        #expect(Self.lengths([5, 0, 0, 0], limit: 15) == [1, 1, 0, 0])
        #expect(Self.lengths([0, 3, 0, 4], limit: 15) == [0, 1, 0, 1])
    }

    /// Canonical codes: shorter codes first, codes of one length in symbol order (the example of
    /// RFC 1951, section 3.2.2: lengths 3 3 3 3 3 2 4 4 give 010 011 100 101 110 00 1110 1111).
    @Test func canonicalCodesFollowTheRFCExample() {
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        var codes = [UInt32](repeating: 0, count: lengths.count)
        HuffmanCodes.assign(lengths: lengths, symbols: (0..<8).map(UInt16.init), used: 8, into: &codes)
        let written = codes.map { entry in
            (0..<Int(entry & 31)).map { bit in (entry >> (5 + UInt32(bit))) & 1 == 1 ? "1" : "0" }.joined()
        }
        #expect(written == ["010", "011", "100", "101", "110", "00", "1110", "1111"])
    }

    /// A dynamic block whose literal and distance codes were built from Fibonacci counts (codes
    /// cut to 15 bits) and whose code-length code is skewed too inflates back through zlib.
    @Test func aBlockWithCodesCutToTheLimitInflatesBack() {
        var data: [UInt8] = (0..<30).map(UInt8.init) + (0..<30).reversed().map(UInt8.init)
        var tokens = data.map(UInt32.init)
        // A match of 258 bytes 60 back, one of 3 bytes 1 back.
        for _ in 0..<258 { data.append(data[data.count - 60]) }
        tokens.append(258 << 16 | 60)
        data += [data.last!, data.last!, data.last!]
        tokens.append(3 << 16 | 1)
        let stream = [UInt8](unsafeUninitializedCapacity: 4096) { output, count in
            withUnsafeTemporaryAllocation(byteCount: DynamicHuffmanBlock.scratchBytes, alignment: 8) { scratch in
                var block = DynamicHuffmanBlock(scratch: scratch.baseAddress!)
                for (symbol, count) in Self.fibonacci.enumerated() { block.counts[symbol] = count }
                block.counts[256] = 1
                block.counts[257 + 28] = 1
                block.counts[257] = 1
                for code in 0..<30 { block.counts[286 + code] = Self.fibonacci[code] }
                _ = block.build()
                output[0] = 0x78
                output[1] = 0x01
                var writer = DeflateBitWriter(into: UnsafeMutableBufferPointer(rebasing: output[2...]))
                block.writeHeader(to: &writer)
                tokens.withUnsafeBufferPointer { tokens in
                    BilevelDeflate.write(tokens, codes: UnsafeBufferPointer(block.codes), to: &writer)
                }
                count = 2 + writer.finish()
            }
            let checksum = UInt32(truncatingIfNeeded: adler32(1, data, UInt32(data.count)))
            output.storeBigEndian(checksum, at: count)
            count += 4
        }
        #expect(BilevelDeflateTests.inflated(stream, count: data.count) == data)
    }
}
