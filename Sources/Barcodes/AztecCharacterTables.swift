/// Aztec's five character modes and what each holds (ISO/IEC 24778, Table 2), in the tables
/// ``AztecHighLevelEncoder`` searches: one code per (mode, byte), the latches between modes and
/// the two shifts. Modes are numbered as in ZXing's HighLevelEncoder (Apache-2.0), whose tables
/// these are.
enum AztecCharacterTables {
    static let upper = 0
    static let lower = 1
    static let digit = 2
    static let mixed = 3
    static let punct = 4
    static let modeCount = 5

    /// Bits per code in `mode`: 4 in Digit, 5 elsewhere.
    @inline(__always)
    static func codeBits(_ mode: Int) -> Int { mode == digit ? 4 : 5 }

    /// `codes[mode << 8 | byte]`: the byte's code in that mode, 0 when the mode lacks it.
    static let codes: [UInt8] = {
        var codes = [UInt8](repeating: 0, count: modeCount << 8)
        func set(_ mode: Int, _ byte: UInt8, _ code: Int) { codes[mode << 8 | Int(byte)] = UInt8(code) }
        set(upper, 0x20, 1)
        set(lower, 0x20, 1)
        set(digit, 0x20, 1)
        for (offset, byte) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).enumerated() { set(upper, byte, offset + 2) }
        for (offset, byte) in (UInt8(ascii: "a")...UInt8(ascii: "z")).enumerated() { set(lower, byte, offset + 2) }
        for (offset, byte) in (UInt8(ascii: "0")...UInt8(ascii: "9")).enumerated() { set(digit, byte, offset + 2) }
        set(digit, UInt8(ascii: ","), 12)
        set(digit, UInt8(ascii: "."), 13)
        // Mixed: code 0 is P/S, 1 space, then controls and @\^_`|~ DEL.
        let mixed: [UInt8] = [
            0x20, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B, 0x1C, 0x1D,
            0x1E, 0x1F, 0x40, 0x5C, 0x5E, 0x5F, 0x60, 0x7C, 0x7E, 0x7F,
        ]
        for (offset, byte) in mixed.enumerated() { set(Self.mixed, byte, offset + 1) }
        // Punct: code 0 is FLG(n), 1 CR, 2-5 the pairs CR LF, ". ", ", ", ": ".
        let punct = Array("!\"#$%&'()*+,-./:;<=>?[]{}".utf8)
        set(Self.punct, 0x0D, 1)
        for (offset, byte) in punct.enumerated() { set(Self.punct, byte, offset + 6) }
        return codes
    }()

    /// `latches[from * 5 + to]`: the codes that latch from one mode to another, packed as
    /// (bit count << 16) | bits; 0 when `from == to`. Some go through a third mode.
    static let latches: [Int] = [
        // from Upper: to Upper, Lower, Digit, Mixed, Punct (via Mixed)
        0, (5 << 16) + 28, (5 << 16) + 30, (5 << 16) + 29, (10 << 16) + (29 << 5) + 30,
        // from Lower: to Upper (via Digit), ...
        (9 << 16) + (30 << 4) + 14, 0, (5 << 16) + 30, (5 << 16) + 29, (10 << 16) + (29 << 5) + 30,
        // from Digit
        (4 << 16) + 14, (9 << 16) + (14 << 5) + 28, 0, (9 << 16) + (14 << 5) + 29,
        (14 << 16) + (14 << 10) + (29 << 5) + 30,
        // from Mixed
        (5 << 16) + 29, (5 << 16) + 28, (10 << 16) + (29 << 5) + 30, 0, (5 << 16) + 30,
        // from Punct
        (5 << 16) + 31, (10 << 16) + (31 << 5) + 28, (10 << 16) + (31 << 5) + 30, (10 << 16) + (31 << 5) + 29, 0,
    ]

    /// `shifts[from * 5 + to]`: the code shifting from one mode to another for a single
    /// character, -1 when there is none (P/S from Upper, Lower, Mixed, Digit; U/S from Lower, Digit).
    static let shifts: [Int] = [
        -1, -1, -1, -1, 0,
        28, -1, -1, -1, 0,
        15, -1, -1, -1, 0,
        -1, -1, -1, -1, 0,
        -1, -1, -1, -1, -1,
    ]

    /// The Punct code of the pair starting at `byte` when `next` completes it (CR LF 2, ". " 3,
    /// ", " 4, ": " 5), else 0.
    @inline(__always)
    static func pairCode(_ byte: UInt8, _ next: UInt8) -> Int {
        switch (byte, next) {
        case (0x0D, 0x0A): 2
        case (UInt8(ascii: "."), 0x20): 3
        case (UInt8(ascii: ","), 0x20): 4
        case (UInt8(ascii: ":"), 0x20): 5
        default: 0
        }
    }
}
