/// The codes and header of a deflate block with dynamic Huffman codes (RFC 1951, section 3.2.7),
/// fitted to the symbol counts of one image's tokens, and the sizes that decide between it and
/// the fixed codes.
///
/// A barcode drawn at N pixels per module uses a handful of byte values (at 2 px only the 16
/// made of bit pairs 00 and 11) and a few match lengths and distances: codes of 2-6 bits where
/// the fixed ones spend 7-9, for a header of some 30-60 bytes. Everything lives in one block of
/// its caller's memory (``scratchBytes``, on the stack), nothing is allocated.
struct DynamicHuffmanBlock {
    /// The bytes of scratch memory ``init(scratch:)`` takes.
    static let scratchBytes =
        2 * symbolCount * MemoryLayout<Int>.stride + 2 * symbolCount * 4 + symbolCount * 2 + 2 * symbolCount + codeLengthSymbols * 9

    /// The literal/length alphabet followed by the distance alphabet.
    static let symbolCount = DeflateSymbols.literalLengthCount + DeflateSymbols.distanceCount
    private static let codeLengthSymbols = 19
    /// The order the code-length code's lengths are sent in.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// How often each symbol occurs (literal/length symbols, then distance codes at
    /// ``DeflateSymbols/literalLengthCount``): zero at first, filled by the caller.
    let counts: UnsafeMutableBufferPointer<UInt32>
    /// The codes after ``build()``, packed as ``HuffmanCodes/assign(lengths:into:)`` writes them,
    /// laid out like ``counts``.
    let codes: UnsafeMutableBufferPointer<UInt32>
    private let lengths: UnsafeMutableBufferPointer<UInt8>
    /// The code lengths sent (HLIT literal/length ones, then HDIST distance ones).
    private let sent: UnsafeMutableBufferPointer<UInt8>
    /// The sent lengths run-length coded: code-length symbol | extra bits << 5.
    private let runs: UnsafeMutableBufferPointer<UInt16>
    private let codeLengthCounts: UnsafeMutableBufferPointer<UInt32>
    private let codeLengthCodes: UnsafeMutableBufferPointer<UInt32>
    private let codeLengthLengths: UnsafeMutableBufferPointer<UInt8>
    private let sortScratch: UnsafeMutableBufferPointer<Int>
    private var literalLengthsSent = 0
    private var distanceLengthsSent = 0
    private var runCount = 0
    private var codeLengthsSent = 0

    /// Carves the tables out of `scratch` (``scratchBytes`` bytes, 8-byte aligned) and clears
    /// ``counts``.
    init(scratch: UnsafeMutableRawPointer) {
        let count = Self.symbolCount
        var next = scratch
        func carve<T>(_ type: T.Type, _ capacity: Int) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer(start: next.bindMemory(to: type, capacity: capacity), count: capacity)
            next += capacity * MemoryLayout<T>.stride
            return buffer
        }
        sortScratch = carve(Int.self, 2 * count)
        counts = carve(UInt32.self, count)
        codes = carve(UInt32.self, count)
        codeLengthCounts = carve(UInt32.self, Self.codeLengthSymbols)
        codeLengthCodes = carve(UInt32.self, Self.codeLengthSymbols)
        runs = carve(UInt16.self, count)
        lengths = carve(UInt8.self, count)
        sent = carve(UInt8.self, count)
        codeLengthLengths = carve(UInt8.self, Self.codeLengthSymbols)
        counts.update(repeating: 0)
    }

    /// Fits codes to ``counts`` and returns the bits a dynamic and a fixed block would spend on
    /// their headers and codes (extra bits, the same in both, left out).
    mutating func build() -> (dynamic: Int, fixed: Int) {
        let literalCount = DeflateSymbols.literalLengthCount
        let literalCounts = UnsafeBufferPointer(rebasing: counts[..<literalCount])
        let distanceCounts = UnsafeBufferPointer(rebasing: counts[literalCount...])
        let literalLengths = UnsafeMutableBufferPointer(rebasing: lengths[..<literalCount])
        let distanceLengths = UnsafeMutableBufferPointer(rebasing: lengths[literalCount...])
        HuffmanCodes.buildLengths(counts: literalCounts, limit: HuffmanCodes.maximumLength, into: literalLengths, scratch: sortScratch)
        HuffmanCodes.buildLengths(counts: distanceCounts, limit: HuffmanCodes.maximumLength, into: distanceLengths, scratch: sortScratch)
        HuffmanCodes.assign(lengths: UnsafeBufferPointer(literalLengths), into: UnsafeMutableBufferPointer(rebasing: codes[..<literalCount]))
        HuffmanCodes.assign(lengths: UnsafeBufferPointer(distanceLengths), into: UnsafeMutableBufferPointer(rebasing: codes[literalCount...]))

        literalLengthsSent = literalCount
        while literalLengthsSent > 257, literalLengths[literalLengthsSent - 1] == 0 { literalLengthsSent -= 1 }
        distanceLengthsSent = DeflateSymbols.distanceCount
        while distanceLengthsSent > 1, distanceLengths[distanceLengthsSent - 1] == 0 { distanceLengthsSent -= 1 }
        let sentCount = literalLengthsSent + distanceLengthsSent
        sent.baseAddress!.update(from: lengths.baseAddress!, count: literalLengthsSent)
        (sent.baseAddress! + literalLengthsSent).update(from: distanceLengths.baseAddress!, count: distanceLengthsSent)
        codeLengthRuns(of: sentCount)

        HuffmanCodes.buildLengths(
            counts: UnsafeBufferPointer(codeLengthCounts), limit: 7, into: codeLengthLengths, scratch: sortScratch)
        HuffmanCodes.assign(lengths: UnsafeBufferPointer(codeLengthLengths), into: codeLengthCodes)
        codeLengthsSent = Self.codeLengthSymbols
        while codeLengthsSent > 4, codeLengthLengths[Self.codeLengthOrder[codeLengthsSent - 1]] == 0 { codeLengthsSent -= 1 }

        // BFINAL and BTYPE, HLIT, HDIST, HCLEN, the code-length code, the runs' extra bits.
        var dynamic = 3 + 5 + 5 + 4 + 3 * codeLengthsSent
            + 2 * Int(codeLengthCounts[16]) + 3 * Int(codeLengthCounts[17]) + 7 * Int(codeLengthCounts[18])
        for symbol in 0..<Self.codeLengthSymbols { dynamic += Int(codeLengthCounts[symbol]) * Int(codeLengthLengths[symbol]) }
        var fixed = 3
        FixedHuffmanCodes.lengths.withUnsafeBufferPointer { fixedLengths in
            for symbol in 0..<Self.symbolCount {
                let count = Int(counts[symbol])
                dynamic += count * Int(lengths[symbol])
                fixed += count * Int(fixedLengths[symbol])
            }
        }
        return (dynamic, fixed)
    }

    /// Run-length codes the first `count` sent lengths (RFC 1951, section 3.2.7): runs of
    /// zeros as 17 (3-10) and 18 (11-138), a length repeated 3-6 more times as 16; counts the
    /// code-length symbols.
    private mutating func codeLengthRuns(of count: Int) {
        codeLengthCounts.update(repeating: 0)
        runCount = 0
        var index = 0
        while index < count {
            let length = sent[index]
            var run = 1
            while index + run < count, sent[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 {
                    let piece = min(run, 138)
                    append(18, extra: piece - 11)
                    run -= piece
                }
                if run >= 3 {
                    append(17, extra: run - 3)
                    run = 0
                }
            } else {
                append(Int(length), extra: 0)
                run -= 1
                while run >= 3 {
                    let piece = min(run, 6)
                    append(16, extra: piece - 3)
                    run -= piece
                }
            }
            for _ in 0..<run { append(Int(length), extra: 0) }
        }
    }

    @inline(__always)
    private mutating func append(_ symbol: Int, extra: Int) {
        runs[runCount] = UInt16(symbol | extra << 5)
        runCount += 1
        codeLengthCounts[symbol] += 1
    }

    /// Writes the block header: BFINAL 1, BTYPE 10, the alphabet sizes, the code-length code and
    /// the run-length coded code lengths. Call after ``build()``.
    func writeHeader(to writer: inout DeflateBitWriter) {
        writer.write(bits: 1 | 2 << 1, count: 3)
        writer.write(bits: UInt32(literalLengthsSent - 257), count: 5)
        writer.write(bits: UInt32(distanceLengthsSent - 1), count: 5)
        writer.write(bits: UInt32(codeLengthsSent - 4), count: 4)
        for index in 0..<codeLengthsSent { writer.write(bits: UInt32(codeLengthLengths[Self.codeLengthOrder[index]]), count: 3) }
        for index in 0..<runCount {
            let run = Int(runs[index])
            let symbol = run & 31
            writer.write(codeLengthCodes[symbol])
            switch symbol {
            case 16: writer.write(bits: UInt32(run >> 5), count: 2)
            case 17: writer.write(bits: UInt32(run >> 5), count: 3)
            case 18: writer.write(bits: UInt32(run >> 5), count: 7)
            default: break
            }
        }
    }
}
