internal import CDeflate

/// A zlib stream (RFC 1950) holding one deflate block with the fixed Huffman codes (RFC 1951,
/// section 3.2.6), for the filtered rows of a 1-bit image, with matches chosen for barcodes:
/// - a row equal to an earlier row within the 32 KiB window (``EqualRowFinder``) is one match
///   covering its filter byte and pixels; matches of one distance that follow each other merge,
///   so the rows a module size repeats and blank quiet-zone rows become a few 258-byte matches;
/// - in any other row, at each byte the longer of a run of the byte before (distance 1: quiet
///   zones, wide bars) and the bytes right above (distance one row: a row that changes in a few
///   modules) becomes a match when it reaches 3 bytes; failing that, the latest earlier copy of
///   its 3 bytes (``EqualTripletFinder``); else the byte is a literal.
///
/// Rows longer than the window (up to 125,001 bytes) get neither a row match nor the row above:
/// runs, 3-byte copies and literals only. Nothing is searched beyond those candidates, no tree
/// is built, and the output never exceeds 9 bits per input byte (a literal costs 8 or 9 bits, a
/// match of 3 bytes or more at most 25), which ``maximumZlibBytes(dataBytes:)`` relies on.
///
/// Hand-written for a measured budget (issue 26: an Aztec batch against zint's). Under callgrind,
/// per PNG of a 2,000-symbol batch at 2 px per module, through zlib (level 2, one stream kept for
/// the batch) the deflate cost 57,000 instructions of a 42x42 Aztec PNG's 87,000 and 109,000 of
/// a QR PNG's 165,000: some 34,000 of the Aztec's went to building Huffman trees in
/// `_tr_flush_block` (zlib does it at every flush whatever the strategy, `Z_FIXED` included), the
/// rest to its hash chains and window. Here: 21,000 and 52,000 (the whole PNG 39,000 and 97,000,
/// of which drawing the rows is 14,000 and 38,000). The price is size: fixed codes spend 8-9 bits
/// on a byte that zlib's own codes, fitted to the few byte values of a barcode, write in 2-4, so
/// 2D codes grow 16-42 % at 2 px per module and 17-32 % at 4 (QR 341 -> 485 and 438 -> 577
/// bytes), linear codes -5 to +12 % (bench/sections/10_barcodes.py). zlib's `adler32` still
/// computes the trailer's checksum.
struct BilevelDeflate {
    /// The most bytes ``compress(_:rowStride:into:)`` writes for `dataBytes` bytes of data: the
    /// two-byte zlib header, 3 block-header bits, at most 9 bits per byte, the 7-bit end-of-block
    /// code rounded up to a byte, and the 4-byte Adler-32.
    static func maximumZlibBytes(dataBytes: Int) -> Int {
        2 + (3 + 9 * dataBytes + 7 + 7) / 8 + 4
    }

    /// Writes `data` (rows of `rowStride` bytes: a filter byte and the row's pixels) into
    /// `output` as a zlib stream; `output` holds at least ``maximumZlibBytes(dataBytes:)`` bytes.
    /// Returns the stream's length.
    static func compress(
        _ data: UnsafeBufferPointer<UInt8>, rowStride: Int, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        precondition(rowStride > 0 && data.count % rowStride == 0 && !data.isEmpty)
        precondition(output.count >= maximumZlibBytes(dataBytes: data.count))
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: no dictionary, "fastest" level, and
        // the check bits that make 0x7801 a multiple of 31.
        output[0] = 0x78
        output[1] = 0x01
        let buckets = EqualRowFinder.bucketCount(rows: data.count / rowStride, stride: rowStride)
        let slots = EqualTripletFinder.slotCount(dataBytes: data.count)
        // The tables live on the stack for the small images of a batch.
        let blockLength = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(buckets, 1)) { rowTable in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slots) { tripletTable in
                FixedHuffmanCodes.literals.withUnsafeBufferPointer { literals in
                    FixedHuffmanCodes.lengths.withUnsafeBufferPointer { lengths in
                        var block = BilevelDeflate(
                            data: data, rowStride: rowStride, literals: literals, lengths: lengths,
                            rows: buckets > 0 ? EqualRowFinder(data: data.baseAddress!, stride: rowStride, table: rowTable) : nil,
                            triplets: EqualTripletFinder(data: data.baseAddress!, count: data.count, table: tripletTable),
                            output: UnsafeMutableBufferPointer(rebasing: output[2..<(output.count - 4)]))
                        return block.write()
                    }
                }
            }
        }
        let checksum = UInt32(truncatingIfNeeded: adler32(1, data.baseAddress, UInt32(data.count)))
        output.storeBigEndian(checksum, at: 2 + blockLength)
        return 2 + blockLength + 4
    }

    private let data: UnsafePointer<UInt8>
    private let count: Int
    private let rowStride: Int
    private let literals: UnsafeBufferPointer<UInt32>
    private let lengths: UnsafeBufferPointer<UInt32>
    private var writer: DeflateBitWriter
    private let rows: EqualRowFinder?
    private let triplets: EqualTripletFinder
    /// The match not yet written: `matchLength` bytes from `matchStart`, `matchDistance` back.
    /// Matches that continue it at the same distance only lengthen it.
    private var matchStart = 0
    private var matchLength = 0
    private var matchDistance = 0

    private init(
        data: UnsafeBufferPointer<UInt8>, rowStride: Int, literals: UnsafeBufferPointer<UInt32>,
        lengths: UnsafeBufferPointer<UInt32>, rows: EqualRowFinder?, triplets: EqualTripletFinder,
        output: UnsafeMutableBufferPointer<UInt8>
    ) {
        self.data = data.baseAddress!
        count = data.count
        self.rowStride = rowStride
        self.literals = literals
        self.lengths = lengths
        writer = DeflateBitWriter(into: output)
        self.rows = rows
        self.triplets = triplets
    }

    /// The block: header, every row, end-of-block code. Returns its length in bytes.
    private mutating func write() -> Int {
        writer.write(3 << 5 | 3)  // BFINAL 1, then BTYPE 01 (fixed codes), least significant bit first
        var start = 0
        var row = 0
        while start < count {
            if let distance = rows?.earlierEqualRow(row) {
                match(at: start, length: rowStride, distance: distance)
            } else {
                writeBytes(from: start, to: start + rowStride)
            }
            start += rowStride
            row += 1
        }
        flushMatch()
        writer.write(FixedHuffmanCodes.endOfBlock)
        return writer.finish()
    }

    /// Runs, matches with the row above, earlier copies of 3 bytes or more and literals for the
    /// bytes `start..<end` of one row.
    private mutating func writeBytes(from start: Int, to end: Int) {
        let above = rowStride <= EqualRowFinder.window && start >= rowStride ? rowStride : 0
        var position = start
        while position < end {
            let byte = data[position]
            let repeatsBefore = position > 0 && data[position &- 1] == byte
            let repeatsAbove = above > 0 && data[position &- above] == byte
            var (length, distance) = repeatsBefore ? (equalLength(at: position, distance: 1, end: end), 1) : (0, 1)
            if repeatsAbove {
                let aboveLength = equalLength(at: position, distance: above, end: end)
                if aboveLength > length || (aboveLength == length && matchLength > 0 && matchDistance == above) {
                    (length, distance) = (aboveLength, above)
                }
            }
            if length < 3 {
                let copy = triplets.earlierCopy(at: position)
                if copy > 0 { (length, distance) = (equalLength(at: position, distance: copy, end: end), copy) }
            }
            if length >= 3 {
                match(at: position, length: length, distance: distance)
                position &+= length
            } else {
                writeLiteral(at: position)
                position &+= 1
            }
        }
    }

    @inline(__always)
    private mutating func writeLiteral(at position: Int) {
        if matchLength > 0 { flushMatch() }
        writer.write(literals[Int(data[position])])
    }

    /// How many bytes from `position` (up to `end`) equal those `distance` bytes before them.
    @inline(__always)
    private func equalLength(at position: Int, distance: Int, end: Int) -> Int {
        var next = position
        while next < end, data[next] == data[next &- distance] { next &+= 1 }
        return next - position
    }

    /// Adds a match of `length` bytes from `position`, `distance` back: it lengthens the pending
    /// match when it continues it, else the pending one is written and this one waits.
    private mutating func match(at position: Int, length: Int, distance: Int) {
        if matchLength > 0, distance == matchDistance, matchStart + matchLength == position {
            matchLength += length
            return
        }
        flushMatch()
        (matchStart, matchLength, matchDistance) = (position, length, distance)
    }

    /// Writes the pending match as length/distance pairs of 3...258 bytes (literals when it is
    /// shorter than 3 bytes: a single short row).
    private mutating func flushMatch() {
        guard matchLength > 0 else { return }
        defer { matchLength = 0 }
        guard matchLength >= 3 else {
            for position in matchStart..<(matchStart + matchLength) { writer.write(literals[Int(data[position])]) }
            return
        }
        let distance = FixedHuffmanCodes.distance(matchDistance)
        var remaining = matchLength
        while remaining > 0 {
            // 258 at a time, leaving no remainder of 1 or 2 bytes.
            let piece = remaining <= 258 ? remaining : (remaining < 261 ? remaining - 3 : 258)
            writer.write(lengths[piece])
            writer.write(distance)
            remaining -= piece
        }
    }
}
