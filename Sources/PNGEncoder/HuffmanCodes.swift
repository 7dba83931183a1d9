/// Length-limited canonical Huffman codes for deflate's dynamic blocks (RFC 1951, section 3.2.2).
///
/// Only the symbols that occur enter the tree: a barcode's few dozen are sorted by insertion and
/// their optimal lengths found in place (Moffat and Katajainen, "In-place calculation of
/// minimum-redundancy codes", 1995). When the longest exceeds the limit, lengths are clamped and
/// leaves moved down, then up, until the code is complete again (zlib's inflate refuses an
/// incomplete code), the longest codes going to the rarest symbols.
enum HuffmanCodes {
    /// The longest code deflate allows: 15 bits, 7 for the code-length code.
    static let maximumLength = 15

    /// Lists in `symbols` the symbols whose count in `counts` (an even number of them) is not
    /// zero, in ascending order; returns how many. Skips zero counts two at a time.
    static func occurring(in counts: UnsafeBufferPointer<UInt32>, into symbols: UnsafeMutablePointer<UInt16>) -> Int {
        precondition(counts.count % 2 == 0)
        let pairs = UnsafeRawPointer(counts.baseAddress!)
        var used = 0
        var symbol = 0
        while symbol < counts.count {
            if pairs.loadUnaligned(fromByteOffset: symbol &* 4, as: UInt64.self) != 0 {
                if counts[symbol] != 0 {
                    symbols[used] = UInt16(symbol)
                    used &+= 1
                }
                if counts[symbol &+ 1] != 0 {
                    symbols[used] = UInt16(symbol &+ 1)
                    used &+= 1
                }
            }
            symbol &+= 2
        }
        return used
    }

    /// Writes into `lengths` a code length of at most `limit` bits for each of the `used`
    /// symbols listed in ascending order at `symbols` (their counts in `counts`, nonzero);
    /// other symbols' lengths are left alone. Fewer than two symbols get two 1-bit codes, as zlib
    /// writes them (a lone or absent distance code still has a tree): symbols 0 and 1, or the one
    /// used and 0 (1 when it is 0), added to the list; returns the list's length. `scratch`
    /// holds twice `used` words (at least 4).
    static func buildLengths(
        counts: UnsafePointer<UInt32>, symbols: UnsafeMutablePointer<UInt16>, used: Int, limit: Int,
        into lengths: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<Int>
    ) -> Int {
        precondition((1 << limit) >= used)
        guard used >= 2 else {
            let symbol = used == 1 ? symbols[0] : 0
            let partner: UInt16 = symbol == 0 ? 1 : 0
            (symbols[0], symbols[1]) = (min(symbol, partner), max(symbol, partner))
            lengths[Int(symbol)] = 1
            lengths[Int(partner)] = 1
            return 2
        }
        // count << 9 | symbol, sorted by count then symbol.
        let keys = scratch
        for index in 0..<used {
            let symbol = Int(symbols[index])
            let key = Int(counts[symbol]) &<< 9 | symbol
            var slot = index
            while slot > 0, keys[slot &- 1] > key {
                keys[slot] = keys[slot &- 1]
                slot &-= 1
            }
            keys[slot] = key
        }
        let depths = scratch + used
        for index in 0..<used { depths[index] = keys[index] &>> 9 }
        minimumRedundancyLengths(depths, count: used)
        guard depths[0] > limit else {
            for index in 0..<used { lengths[keys[index] & 511] = UInt8(depths[index]) }
            return used
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: maximumLength + 1) { perLength in
            perLength.update(repeating: 0)
            for index in 0..<used { perLength[min(depths[index], limit)] &+= 1 }
            fitToLimit(perLength, limit: limit)
            // The rarest symbols (first in `keys`) take the longest codes.
            var index = 0
            for length in stride(from: limit, through: 1, by: -1) {
                for _ in 0..<perLength[length] {
                    lengths[keys[index] & 511] = UInt8(length)
                    index &+= 1
                }
            }
        }
        return used
    }

    /// Moves leaves between the lengths of `perLength` (leaves per length, already clamped to
    /// `limit`) until their Kraft sum is exactly 1: down while it exceeds 1 (a leaf of the
    /// deepest length below the limit moves one deeper), then up while it falls short (the
    /// deepest leaf whose move still fits). Sums count in units of 2^-limit.
    private static func fitToLimit(_ perLength: UnsafeMutableBufferPointer<Int>, limit: Int) {
        let full = 1 << limit
        var sum = 0
        for length in 1...limit { sum += perLength[length] << (limit - length) }
        while sum > full {
            var length = limit - 1
            while perLength[length] == 0 { length -= 1 }
            perLength[length] -= 1
            perLength[length + 1] += 1
            sum -= 1 << (limit - length - 1)
        }
        while sum < full {
            var length = limit
            while perLength[length] == 0 || sum + (1 << (limit - length)) > full { length -= 1 }
            perLength[length] -= 1
            perLength[length - 1] += 1
            sum += 1 << (limit - length)
        }
    }

    /// Replaces the `count` (>= 2) ascending weights at `values` by their optimal code lengths.
    private static func minimumRedundancyLengths(_ values: UnsafeMutablePointer<Int>, count: Int) {
        // Left to right: internal nodes' weights, leaves and nodes paired in ascending order,
        // each paired node's slot then holding its parent.
        values[0] &+= values[1]
        var root = 0
        var leaf = 2
        for next in 1..<(count &- 1) {
            if leaf >= count || values[root] < values[leaf] {
                values[next] = values[root]
                values[root] = next
                root &+= 1
            } else {
                values[next] = values[leaf]
                leaf &+= 1
            }
            if leaf >= count || (root < next && values[root] < values[leaf]) {
                values[next] &+= values[root]
                values[root] = next
                root &+= 1
            } else {
                values[next] &+= values[leaf]
                leaf &+= 1
            }
        }
        // Right to left: internal nodes' depths.
        values[count &- 2] = 0
        var next = count &- 3
        while next >= 0 {
            values[next] = values[values[next]] &+ 1
            next &-= 1
        }
        // Right to left: leaves' depths.
        var available = 1
        var usedNodes = 0
        var depth = 0
        root = count &- 2
        next = count &- 1
        while available > 0 {
            while root >= 0, values[root] == depth {
                usedNodes &+= 1
                root &-= 1
            }
            while available > usedNodes {
                values[next] = depth
                next &-= 1
                available &-= 1
            }
            available = 2 &* usedNodes
            depth &+= 1
            usedNodes = 0
        }
    }

    /// Writes the canonical code of each of the `used` symbols listed in ascending order at
    /// `symbols` (RFC 1951, section 3.2.2): codes of one length count up in symbol order. Each is
    /// packed for ``DeflateBitWriter`` as `reversed code << 5 | length` (Huffman codes go most
    /// significant bit first); other symbols' codes are left alone.
    static func assign(
        lengths: UnsafePointer<UInt8>, symbols: UnsafePointer<UInt16>, used: Int, into codes: UnsafeMutablePointer<UInt32>
    ) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maximumLength + 1) { next in
            next.update(repeating: 0)
            for index in 0..<used { next[Int(lengths[Int(symbols[index])])] &+= 1 }
            var code: UInt32 = 0
            var previousCount: UInt32 = 0
            for length in 1...maximumLength {
                code = (code &+ previousCount) &<< 1
                previousCount = next[length]
                next[length] = code
            }
            for index in 0..<used {
                let symbol = Int(symbols[index])
                let length = Int(lengths[symbol])
                codes[symbol] = reversed(next[length], length: length) &<< 5 | UInt32(length)
                next[length] &+= 1
            }
        }
    }

    /// The low `length` bits of `code` in reverse order.
    @inline(__always)
    static func reversed(_ code: UInt32, length: Int) -> UInt32 {
        var value = code
        value = (value &>> 1) & 0x5555_5555 | (value & 0x5555_5555) &<< 1
        value = (value &>> 2) & 0x3333_3333 | (value & 0x3333_3333) &<< 2
        value = (value &>> 4) & 0x0F0F_0F0F | (value & 0x0F0F_0F0F) &<< 4
        value = (value &>> 8) & 0x00FF_00FF | (value & 0x00FF_00FF) &<< 8
        return (value &>> 16 | value &<< 16) &>> UInt32(32 &- length)
    }
}
