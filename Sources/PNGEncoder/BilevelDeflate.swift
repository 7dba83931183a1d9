internal import CDeflate

/// A zlib stream (RFC 1950) holding one deflate block for the filtered rows of a 1-bit image:
/// ``BilevelTokenizer`` finds the matches a barcode has and counts their symbols, then the block
/// is written with dynamic Huffman codes fitted to those counts (``DynamicHuffmanBlock``) or with
/// the fixed codes (RFC 1951, section 3.2.6), whichever is smaller, computed from the counts
/// before anything is written. Small images keep every table on the stack.
///
/// Hand-written for a measured budget (issue 26: an Aztec batch against zint's): through zlib
/// most of a small barcode PNG's cost was the deflate, much of it building Huffman trees in
/// `_tr_flush_block` (zlib does it at every flush whatever the strategy, `Z_FIXED` included) and
/// the rest its hash chains and window; fixed codes alone are cheaper but make larger files
/// (they spend 8-9 bits on a byte that fitted codes write in 2-4). The dynamic block builds its
/// trees from the few dozen symbols that occur, not zlib's whole alphabets. Figures:
/// bench/results.md, "Figures behind the code's comments" (`BilevelDeflate`), and
/// bench/sections/10_barcodes.py, "dynamic blocks". zlib's `adler32` still computes the
/// trailer's checksum.
enum BilevelDeflate {
    /// The most bytes ``compress(_:rowStride:into:)`` writes for `dataBytes` bytes of data: the
    /// two-byte zlib header, 3 block-header bits, at most 9 bits per byte, the 7-bit end-of-block
    /// code rounded up to a byte, and the 4-byte Adler-32. A fixed block stays within it (a
    /// literal costs 8 or 9 bits, a match of 3 bytes or more at most 31), a dynamic one is only
    /// written when smaller.
    static func maximumZlibBytes(dataBytes: Int) -> Int {
        2 + (3 + 9 * dataBytes + 7 + 7) / 8 + 4
    }

    /// Writes `data` (rows of `rowStride` bytes: a filter byte and the row's pixels) into
    /// `output` as a zlib stream; `output` holds at least ``maximumZlibBytes(dataBytes:)`` bytes.
    /// Returns the stream's length.
    static func compress(
        _ data: UnsafeBufferPointer<UInt8>, rowStride: Int, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        compress(data, rowStride: rowStride, into: output, blockKind: nil)
    }

    /// The kinds of block; tests force one to check both.
    enum BlockKind { case fixed, dynamic }

    /// ``compress(_:rowStride:into:)`` with the block kind forced when `blockKind` is not nil
    /// (then the output may exceed the bound: tests size it themselves).
    static func compress(
        _ data: UnsafeBufferPointer<UInt8>, rowStride: Int, into output: UnsafeMutableBufferPointer<UInt8>,
        blockKind: BlockKind?
    ) -> Int {
        precondition(rowStride > 0 && data.count % rowStride == 0 && !data.isEmpty)
        precondition(output.count >= maximumZlibBytes(dataBytes: data.count))
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: no dictionary, "fastest" level, and
        // the check bits that make 0x7801 a multiple of 31.
        output[0] = 0x78
        output[1] = 0x01
        let buckets = EqualRowFinder.bucketCount(rows: data.count / rowStride, stride: rowStride)
        let slots = EqualTripletFinder.slotCount(dataBytes: data.count)
        var writer = DeflateBitWriter(into: UnsafeMutableBufferPointer(rebasing: output[2..<(output.count - 4)]))
        withUnsafeTemporaryAllocation(byteCount: DynamicHuffmanBlock.scratchBytes, alignment: 8) { scratch in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: data.count) { tokens in
                var block = DynamicHuffmanBlock(scratch: scratch.baseAddress!)
                let tokenCount = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(buckets, 1)) { rowTable in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slots) { tripletTable in
                        var tokenizer = BilevelTokenizer(
                            data: data, rowStride: rowStride,
                            rows: buckets > 0 ? EqualRowFinder(data: data.baseAddress!, stride: rowStride, table: rowTable) : nil,
                            triplets: EqualTripletFinder(data: data.baseAddress!, count: data.count, table: tripletTable),
                            tokens: tokens, counts: block.counts)
                        return tokenizer.tokenize()
                    }
                }
                let bits = block.build()
                let tokensWritten = UnsafeBufferPointer(rebasing: tokens[..<tokenCount])
                if blockKind ?? (bits.dynamic < bits.fixed ? .dynamic : .fixed) == .dynamic {
                    block.writeHeader(to: &writer)
                    write(tokensWritten, codes: UnsafeBufferPointer(block.codes), to: &writer)
                } else {
                    writer.write(bits: 1 | 1 << 1, count: 3)  // BFINAL 1, BTYPE 01 (fixed codes)
                    FixedHuffmanCodes.codes.withUnsafeBufferPointer { write(tokensWritten, codes: $0, to: &writer) }
                }
            }
        }
        let blockLength = writer.finish()
        let checksum = UInt32(truncatingIfNeeded: adler32(1, data.baseAddress, UInt32(data.count)))
        output.storeBigEndian(checksum, at: 2 + blockLength)
        return 2 + blockLength + 4
    }

    /// Writes `tokens` (see ``BilevelTokenizer``) and the end-of-block code with `codes` (the
    /// literal/length codes, then the distance codes).
    static func write(
        _ tokens: UnsafeBufferPointer<UInt32>, codes: UnsafeBufferPointer<UInt32>, to writer: inout DeflateBitWriter
    ) {
        let distanceCodes = codes.baseAddress! + DeflateSymbols.literalLengthCount
        DeflateSymbols.lengths.withUnsafeBufferPointer { lengths in
            for token in tokens {
                guard token >= 1 << 16 else {
                    writer.write(codes[Int(token)])
                    continue
                }
                let length = lengths[Int(token &>> 16)]
                let lengthCode = codes[257 &+ Int(length & 0xFF)]
                writer.write(
                    bits: lengthCode &>> 5 | (length &>> 16) &<< (lengthCode & 31),
                    count: (lengthCode & 31) &+ (length &>> 8 & 0xFF))
                let distance = DeflateSymbols.distance(Int(token & 0xFFFF))
                let distanceCode = distanceCodes[Int(distance & 0xFF)]
                writer.write(
                    bits: distanceCode &>> 5 | (distance &>> 16) &<< (distanceCode & 31),
                    count: (distanceCode & 31) &+ (distance &>> 8 & 0xFF))
            }
        }
        writer.write(codes[DeflateSymbols.endOfBlock])
    }
}
