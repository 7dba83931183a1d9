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
        2 * symbolCount * MemoryLayout<Int>.stride + 2 * symbolCount * 4 + 2 * symbolCount * 2 + symbolCount
        + codeLengthSymbols * 11

    /// The literal/length alphabet followed by the distance alphabet.
    static let symbolCount = DeflateSymbols.literalLengthCount + DeflateSymbols.distanceCount
    private static let codeLengthSymbols = 19
    /// The order the code-length code's lengths are sent in.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// How often each symbol occurs (literal/length symbols, then distance codes at
    /// ``DeflateSymbols/literalLengthCount``): zero at first, filled by the caller.
    let counts: UnsafeMutableBufferPointer<UInt32>
    /// The codes after ``build()`` of the symbols that occur (others undefined), packed as
    /// ``HuffmanCodes/assign(lengths:symbols:used:into:)`` writes them, laid out like ``counts``.
    let codes: UnsafeMutableBufferPointer<UInt32>
    private let lengths: UnsafeMutablePointer<UInt8>
    /// The literal/length symbols that occur, ascending, then (from ``DeflateSymbols/literalLengthCount``)
    /// the distance codes.
    private let symbols: UnsafeMutablePointer<UInt16>
    private var literalsUsed = 0
    private var distancesUsed = 0
    /// The sent code lengths run-length coded: code-length symbol | extra bits << 5.
    private let runs: UnsafeMutablePointer<UInt16>
    private let codeLengthCounts: UnsafeMutableBufferPointer<UInt32>
    private let codeLengthCodes: UnsafeMutablePointer<UInt32>
    private let codeLengthLengths: UnsafeMutablePointer<UInt8>
    private let codeLengthSymbolList: UnsafeMutablePointer<UInt16>
    private let sortScratch: UnsafeMutablePointer<Int>
    private var literalLengthsSent = 0
    private var distanceLengthsSent = 0
    private var runCount = 0
    private var codeLengthsSent = 0

    /// Carves the tables out of `scratch` (``scratchBytes`` bytes, 8-byte aligned) and clears
    /// ``counts``.
    init(scratch: UnsafeMutableRawPointer) {
        let count = Self.symbolCount
        var next = scratch
        func carve<T>(_ type: T.Type, _ capacity: Int) -> UnsafeMutablePointer<T> {
            let pointer = next.bindMemory(to: type, capacity: capacity)
            next += capacity * MemoryLayout<T>.stride
            return pointer
        }
        sortScratch = carve(Int.self, 2 * count)
        counts = UnsafeMutableBufferPointer(start: carve(UInt32.self, count), count: count)
        codes = UnsafeMutableBufferPointer(start: carve(UInt32.self, count), count: count)
        codeLengthCounts = UnsafeMutableBufferPointer(
            start: carve(UInt32.self, Self.codeLengthSymbols), count: Self.codeLengthSymbols)
        codeLengthCodes = carve(UInt32.self, Self.codeLengthSymbols)
        runs = carve(UInt16.self, count)
        symbols = carve(UInt16.self, count)
        codeLengthSymbolList = carve(UInt16.self, Self.codeLengthSymbols)
        lengths = carve(UInt8.self, count)
        codeLengthLengths = carve(UInt8.self, Self.codeLengthSymbols)
        counts.update(repeating: 0)
    }

    /// Fits codes to ``counts`` and returns the bits a dynamic and a fixed block would spend on
    /// their headers and codes (extra bits, the same in both, left out). Only the symbols that
    /// occur are visited after one scan of the counts.
    mutating func build() -> (dynamic: Int, fixed: Int) {
        let literalCount = DeflateSymbols.literalLengthCount
        let distanceSymbols = symbols + literalCount
        let distanceCounts = counts.baseAddress! + literalCount
        let distanceLengths = lengths + literalCount
        literalsUsed = HuffmanCodes.occurring(in: UnsafeBufferPointer(rebasing: counts[..<literalCount]), into: symbols)
        distancesUsed = HuffmanCodes.occurring(in: UnsafeBufferPointer(rebasing: counts[literalCount...]), into: distanceSymbols)
        literalsUsed = HuffmanCodes.buildLengths(
            counts: counts.baseAddress!, symbols: symbols, used: literalsUsed, limit: HuffmanCodes.maximumLength,
            into: lengths, scratch: sortScratch)
        distancesUsed = HuffmanCodes.buildLengths(
            counts: distanceCounts, symbols: distanceSymbols, used: distancesUsed, limit: HuffmanCodes.maximumLength,
            into: distanceLengths, scratch: sortScratch)
        HuffmanCodes.assign(lengths: lengths, symbols: symbols, used: literalsUsed, into: codes.baseAddress!)
        HuffmanCodes.assign(
            lengths: distanceLengths, symbols: distanceSymbols, used: distancesUsed, into: codes.baseAddress! + literalCount)
        literalLengthsSent = max(257, Int(symbols[literalsUsed - 1]) + 1)
        distanceLengthsSent = Int(distanceSymbols[distancesUsed - 1]) + 1
        codeLengthRuns()

        var codeLengthsUsed = HuffmanCodes.occurring(
            in: UnsafeBufferPointer(rebasing: codeLengthCounts[..<18]), into: codeLengthSymbolList)
        if codeLengthCounts[18] != 0 {
            codeLengthSymbolList[codeLengthsUsed] = 18
            codeLengthsUsed += 1
        }
        for symbol in 0..<Self.codeLengthSymbols { codeLengthLengths[symbol] = 0 }
        codeLengthsUsed = HuffmanCodes.buildLengths(
            counts: codeLengthCounts.baseAddress!, symbols: codeLengthSymbolList, used: codeLengthsUsed, limit: 7,
            into: codeLengthLengths, scratch: sortScratch)
        HuffmanCodes.assign(
            lengths: codeLengthLengths, symbols: codeLengthSymbolList, used: codeLengthsUsed, into: codeLengthCodes)
        codeLengthsSent = Self.codeLengthSymbols
        while codeLengthsSent > 4, codeLengthLengths[Self.codeLengthOrder[codeLengthsSent - 1]] == 0 { codeLengthsSent -= 1 }

        // BFINAL and BTYPE, HLIT, HDIST, HCLEN, the code-length code, the runs' extra bits.
        var dynamic =
            3 + 5 + 5 + 4 + 3 * codeLengthsSent
            + 2 * Int(codeLengthCounts[16]) + 3 * Int(codeLengthCounts[17]) + 7 * Int(codeLengthCounts[18])
        for index in 0..<codeLengthsUsed {
            let symbol = Int(codeLengthSymbolList[index])
            dynamic += Int(codeLengthCounts[symbol]) * Int(codeLengthLengths[symbol])
        }
        var fixed = 3
        for index in 0..<literalsUsed {
            let symbol = Int(symbols[index])
            let count = Int(counts[symbol])
            dynamic += count * Int(lengths[symbol])
            fixed += count * (symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8)
        }
        for index in 0..<distancesUsed {
            let symbol = Int(distanceSymbols[index])
            let count = Int(distanceCounts[symbol])
            dynamic += count * Int(distanceLengths[symbol])
            fixed += count * 5
        }
        return (dynamic, fixed)
    }

    /// Run-length codes the lengths sent (HLIT literal/length ones, then HDIST distance ones, as
    /// one sequence; RFC 1951, section 3.2.7) from the symbols that occur: the gaps between them
    /// are runs of zeros, 17 (3-10) and 18 (11-138); a length repeated 3-6 more times is 16.
    /// Counts the code-length symbols.
    private mutating func codeLengthRuns() {
        codeLengthCounts.update(repeating: 0)
        runCount = 0
        var coded = 0
        var pendingLength = 0
        var pendingCount = 0
        let distanceSymbols = symbols + DeflateSymbols.literalLengthCount
        let distanceLengths = lengths + DeflateSymbols.literalLengthCount
        for index in 0..<(literalsUsed + distancesUsed) {
            let (position, length) =
                index < literalsUsed
                ? (Int(symbols[index]), Int(lengths[Int(symbols[index])]))
                : (
                    literalLengthsSent + Int(distanceSymbols[index - literalsUsed]),
                    Int(distanceLengths[Int(distanceSymbols[index - literalsUsed])])
                )
            if pendingCount > 0, position == coded, length == pendingLength {
                pendingCount += 1
                coded += 1
                continue
            }
            appendRepeats(of: pendingLength, count: pendingCount)
            appendZeros(position - coded)
            (pendingLength, pendingCount, coded) = (length, 1, position + 1)
        }
        appendRepeats(of: pendingLength, count: pendingCount)
        appendZeros(literalLengthsSent + distanceLengthsSent - coded)
    }

    private mutating func appendRepeats(of length: Int, count: Int) {
        guard count > 0 else { return }
        append(length, extra: 0)
        var rest = count - 1
        while rest >= 3 {
            let piece = min(rest, 6)
            append(16, extra: piece - 3)
            rest -= piece
        }
        for _ in 0..<rest { append(length, extra: 0) }
    }

    private mutating func appendZeros(_ count: Int) {
        var rest = count
        while rest >= 11 {
            let piece = min(rest, 138)
            append(18, extra: piece - 11)
            rest -= piece
        }
        if rest >= 3 {
            append(17, extra: rest - 3)
            rest = 0
        }
        for _ in 0..<rest { append(0, extra: 0) }
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
