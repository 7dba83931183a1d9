/// Turns the filtered rows of a 1-bit image into deflate tokens (literals and length/distance
/// pairs) for ``BilevelDeflate``, counting their symbols as it goes, with matches chosen for
/// barcodes:
/// - a row equal to an earlier row within the 32 KiB window (``EqualRowFinder``) is one match
///   covering its filter byte and pixels; matches of one distance that follow each other merge,
///   so the rows a module size repeats and blank quiet-zone rows become a few 258-byte matches;
/// - in any other row, at each byte the longer of a run of the byte before (distance 1: quiet
///   zones, wide bars) and the bytes right above (distance one row: a row that changes in a few
///   modules) becomes a match when it reaches 3 bytes; failing that, the latest earlier copy of
///   its 3 bytes (``EqualTripletFinder``); else the byte is a literal.
///
/// Rows longer than the window (up to 125,001 bytes) get neither a row match nor the row above:
/// runs, 3-byte copies and literals only. Nothing is searched beyond those candidates. A token is
/// a literal byte (below 256) or `length << 16 | distance` for a match of 3...258 bytes; each
/// covers at least one byte, so there are never more tokens than bytes.
struct BilevelTokenizer {
    private let data: UnsafePointer<UInt8>
    private let count: Int
    private let rowStride: Int
    private let rows: EqualRowFinder?
    private let triplets: EqualTripletFinder
    private let tokens: UnsafeMutablePointer<UInt32>
    private var tokenCount = 0
    /// Symbol counts: literal/length symbols, then distance codes from 286.
    private let counts: UnsafeMutablePointer<UInt32>
    /// The match not yet written: `matchLength` bytes from `matchStart`, `matchDistance` back.
    /// Matches that continue it at the same distance only lengthen it.
    private var matchStart = 0
    private var matchLength = 0
    private var matchDistance = 0

    /// Tokens for `data` (rows of `rowStride` bytes) go to `tokens` (room for `data.count`), their
    /// symbols are counted into `counts` (``DynamicHuffmanBlock/symbolCount`` words, cleared).
    init(
        data: UnsafeBufferPointer<UInt8>, rowStride: Int, rows: EqualRowFinder?, triplets: EqualTripletFinder,
        tokens: UnsafeMutableBufferPointer<UInt32>, counts: UnsafeMutableBufferPointer<UInt32>
    ) {
        precondition(tokens.count >= data.count && counts.count == DynamicHuffmanBlock.symbolCount)
        self.data = data.baseAddress!
        count = data.count
        self.rowStride = rowStride
        self.rows = rows
        self.triplets = triplets
        self.tokens = tokens.baseAddress!
        self.counts = counts.baseAddress!
    }

    /// Tokenizes every row; returns how many tokens there are. The end-of-block symbol is counted
    /// once but has no token.
    mutating func tokenize() -> Int {
        var start = 0
        var row = 0
        while start < count {
            if let distance = rows?.earlierEqualRow(row) {
                match(at: start, length: rowStride, distance: distance)
            } else {
                tokenizeBytes(from: start, to: start + rowStride)
            }
            start += rowStride
            row += 1
        }
        flushMatch()
        counts[DeflateSymbols.endOfBlock] &+= 1
        return tokenCount
    }

    /// Runs, matches with the row above, earlier copies of 3 bytes or more and literals for the
    /// bytes `start..<end` of one row.
    private mutating func tokenizeBytes(from start: Int, to end: Int) {
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
                if matchLength > 0 { flushMatch() }
                literal(byte)
                position &+= 1
            }
        }
    }

    @inline(__always)
    private mutating func literal(_ byte: UInt8) {
        tokens[tokenCount] = UInt32(byte)
        tokenCount &+= 1
        counts[Int(byte)] &+= 1
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

    /// Writes the pending match as tokens of 3...258 bytes (literals when it is shorter than 3
    /// bytes: a single short row).
    private mutating func flushMatch() {
        guard matchLength > 0 else { return }
        defer { matchLength = 0 }
        guard matchLength >= 3 else {
            for position in matchStart..<(matchStart + matchLength) { literal(data[position]) }
            return
        }
        let distanceSymbol = DeflateSymbols.literalLengthCount &+ Int(DeflateSymbols.distance(matchDistance) & 0xFF)
        var remaining = matchLength
        while remaining > 0 {
            // 258 at a time, leaving no remainder of 1 or 2 bytes.
            let piece = remaining <= 258 ? remaining : (remaining < 261 ? remaining - 3 : 258)
            tokens[tokenCount] = UInt32(truncatingIfNeeded: piece &<< 16 | matchDistance)
            tokenCount &+= 1
            counts[257 &+ Int(DeflateSymbols.lengths[piece] & 0xFF)] &+= 1
            counts[distanceSymbol] &+= 1
            remaining -= piece
        }
    }
}
