/// The size of an Aztec symbol and its data codewords, chosen exactly as libzint does by default
/// (backend/aztec.c, BSD-3-Clause), so symbols keep the sizes they had when libzint drew them:
/// the smallest symbol, compact (1 to 4 layers) before full-range (1 to 32), whose data bits stay
/// under libzint's "23% + 3 codewords" error correction tables; then bit stuffing and padding
/// (ISO/IEC 24778, 7.3.1.2).
struct AztecSize: Equatable, Sendable {
    /// Compact (no reference grid, 11-module core) or full-range.
    let compact: Bool
    /// Data layers around the core: 1 to 4 compact, 1 to 32 full-range.
    let layers: Int

    /// Bits per codeword: 6, 8, 10 or 12 by layer count (ISO/IEC 24778, Table 3).
    var wordSize: Int { layers <= 2 ? 6 : layers <= 8 ? 8 : layers <= 22 ? 10 : 12 }

    /// Bits the data layers hold: each layer is a ring two modules deep.
    var layerBits: Int { ((compact ? 88 : 112) + 16 * layers) * layers }

    /// Codewords the symbol holds, data and check words together.
    var codewordCount: Int { layerBits / wordSize }

    /// Modules per side, the reference grid included.
    var matrixSize: Int {
        let base = (compact ? 11 : 14) + layers * 4
        return compact ? base : base + 1 + 2 * ((base / 2 - 1) / 15)
    }

    /// The most data bits (stuffing included) a symbol takes at 23% + 3 codewords of error
    /// correction: libzint's `AztecCompact23DataSizes` and `Aztec23DataSizes`.
    static let compactDataBits = [66, 168, 288, 440]
    static let fullDataBits = [
        84, 204, 352, 520, 720, 944, 1184, 1456, 1750, 2070, 2410, 2780, 3180, 3590, 4040,
        4500, 5000, 5520, 6060, 6630, 7210, 7830, 8472, 9132, 9816, 10536, 11280, 12036,
        12828, 13644, 14472, 15348,
    ]

    /// The data bits the largest symbol takes.
    static var maximumDataBits: Int { fullDataBits[fullDataBits.count - 1] }

    /// The smallest size whose table holds more than `bits` bits (libzint keeps one bit spare),
    /// compact first; nil when even 32 full layers do not.
    static func smallest(holding bits: Int) -> (size: AztecSize, dataBits: Int)? {
        for (index, capacity) in compactDataBits.enumerated() where bits < capacity {
            return (AztecSize(compact: true, layers: index + 1), capacity)
        }
        for (index, capacity) in fullDataBits.enumerated() where bits < capacity {
            return (AztecSize(compact: false, layers: index + 1), capacity)
        }
        return nil
    }

    /// The size and data codewords for the high-level `bits` (one bit per byte), or nil when no
    /// symbol holds them. As libzint: pick by the bit count plus the stuffed bits of the last try,
    /// stuff for that size's codeword, and try again larger when padding overflows the table.
    static func choose(for bits: [UInt8]) -> (size: AztecSize, words: [Int])? {
        var stuffedExtra = 0
        while true {
            guard let (size, capacity) = smallest(holding: bits.count + stuffedExtra) else { return nil }
            let (words, unpaddedBits) = stuffedWords(bits, wordSize: size.wordSize)
            stuffedExtra = unpaddedBits - bits.count
            if words.count * size.wordSize <= capacity { return (size, words) }
        }
    }

    /// Splits `bits` into codewords of `wordSize` bits. A codeword whose first `wordSize - 1`
    /// bits are all 0 or all 1 gets a stuffed last bit (1 or 0) and the data bit moves on; the
    /// last codeword is padded with 1s, its last bit 0 if that made it all 1s. Also returns
    /// the bit count before padding.
    static func stuffedWords(_ bits: [UInt8], wordSize: Int) -> (words: [Int], unpaddedBits: Int) {
        let top = wordSize - 1
        let allOnes = (1 << top) - 1
        var words: [Int] = []
        words.reserveCapacity(bits.count / top + 1)
        var unpadded = 0
        bits.withUnsafeBufferPointer { bits in
            var index = 0
            while index < bits.count {
                var word = 0
                var taken = 0
                while taken < top && index < bits.count {
                    word = word << 1 | Int(bits[index])
                    index += 1
                    taken += 1
                }
                if index == bits.count {
                    // The data ends in this codeword: pad it with 1s.
                    unpadded = words.count * wordSize + taken
                    let padBits = wordSize - taken
                    var padded = word << padBits | ((1 << padBits) - 1)
                    if padded == (1 << wordSize) - 1 { padded ^= 1 }
                    words.append(padded)
                    return
                }
                if word == 0 {
                    words.append(1)
                } else if word == allOnes {
                    words.append(word << 1)
                } else {
                    words.append(word << 1 | Int(bits[index]))
                    index += 1
                }
            }
            unpadded = words.count * wordSize
        }
        return (words, unpadded)
    }
}
