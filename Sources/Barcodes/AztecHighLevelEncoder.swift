/// Aztec's high-level encoding: bytes to the shortest bit string of mode codes (ISO/IEC 24778,
/// 7.3), searching every way of latching, shifting and binary-shifting as ZXing's
/// HighLevelEncoder does (Apache-2.0), rewritten for speed.
///
/// The search keeps, after each byte, the set of ``State``s no other state beats (a mode, an
/// open binary shift, the bits so far). States are structs in two small arrays swapped per byte;
/// the codes they emit are ``Token``s in one arena array linked backwards by index, so a state is
/// copied without copying its history and no object is allocated per character. For a
/// 25-character payload the search costs about 20,000 instructions.
struct AztecHighLevelEncoder {
    private typealias Tables = AztecCharacterTables

    /// One partial encoding: the mode it is in (or returns to after its binary shift), the
    /// token that ends it, the bytes of its open binary shift, and its length in bits.
    private struct State {
        var token: Int32
        var mode: Int32
        var binaryBytes: Int32
        var bits: Int32
    }

    /// Emitted codes, newest last: `bitCount` bits of `value`, or (`bitCount` < 0) a binary shift
    /// of `-bitCount` bytes of the text starting at index `value`. `previous` is -1 at the start.
    private struct Token {
        var previous: Int32
        var value: Int32
        var bitCount: Int32
    }

    private let text: [UInt8]
    private var tokens: [Token] = []

    private init(_ text: [UInt8]) {
        self.text = text
        tokens.reserveCapacity(text.count * 8 + 8)
    }

    /// The bits for `text`, with FLG(n) announcing ECI `eci` first when given (as ZXing and zint
    /// write a character set), one bit per byte (0 or 1).
    static func encode(_ text: [UInt8], eci: Int?) -> [UInt8] {
        var encoder = AztecHighLevelEncoder(text)
        return encoder.run(eci: eci)
    }

    private mutating func run(eci: Int?) -> [UInt8] {
        var initial = State(token: -1, mode: Int32(Tables.upper), binaryBytes: 0, bits: 0)
        if let eci { initial = appendFLG(initial, eci: eci) }
        var states = [initial]
        var next: [State] = []
        states.reserveCapacity(16)
        next.reserveCapacity(16)
        var index = 0
        while index < text.count {
            let pair = index + 1 < text.count ? Tables.pairCode(text[index], text[index + 1]) : 0
            next.removeAll(keepingCapacity: true)
            for state in states {
                if pair > 0 {
                    advancePair(state, index: index, pairCode: pair, into: &next)
                } else {
                    advance(state, index: index, into: &next)
                }
            }
            swap(&states, &next)
            index += pair > 0 ? 2 : 1
        }
        var best = states[0]
        for state in states.dropFirst() where state.bits < best.bits { best = state }
        // Closed before `bits(ending:)` reads the arena (its `self` is taken before its argument).
        let last = endBinaryShift(best, index: text.count)
        return bits(ending: last)
    }

    /// Every way to encode the byte at `index` after `state`.
    private mutating func advance(_ state: State, index: Int, into result: inout [State]) {
        let byte = Int(text[index])
        let mode = Int(state.mode)
        let inCurrentMode = Tables.codes[mode << 8 | byte] > 0
        var withoutBinary: State? = nil
        for target in 0..<Tables.modeCount {
            let code = Int(Tables.codes[target << 8 | byte])
            guard code > 0 else { continue }
            let base = withoutBinary ?? endBinaryShift(state, index: index)
            withoutBinary = base
            if !inCurrentMode || target == mode || target == Tables.digit {
                insert(latchAndAppend(base, mode: target, value: code), into: &result)
            }
            if !inCurrentMode && Tables.shifts[mode * Tables.modeCount + target] >= 0 {
                insert(shiftAndAppend(base, mode: target, value: code), into: &result)
            }
        }
        if state.binaryBytes > 0 || !inCurrentMode {
            insert(addBinaryShiftByte(state, index: index), into: &result)
        }
    }

    /// Every way to encode the pair (CR LF, ". ", ", ", ": ") at `index` after `state`.
    private mutating func advancePair(_ state: State, index: Int, pairCode: Int, into result: inout [State]) {
        let base = endBinaryShift(state, index: index)
        insert(latchAndAppend(base, mode: Tables.punct, value: pairCode), into: &result)
        if state.mode != Tables.punct {
            insert(shiftAndAppend(base, mode: Tables.punct, value: pairCode), into: &result)
        }
        if pairCode == 3 || pairCode == 4 {
            // "." or "," then space, in Digit mode.
            let digit = latchAndAppend(base, mode: Tables.digit, value: 16 - pairCode)
            insert(latchAndAppend(digit, mode: Tables.digit, value: 1), into: &result)
        }
        if state.binaryBytes > 0 {
            let first = addBinaryShiftByte(state, index: index)
            insert(addBinaryShiftByte(first, index: index + 1), into: &result)
        }
    }

    /// Adds `candidate` unless a kept state is at least as good; drops the kept ones it beats.
    private func insert(_ candidate: State, into result: inout [State]) {
        var index = 0
        while index < result.count {
            if isBetterOrEqual(result[index], than: candidate) { return }
            if isBetterOrEqual(candidate, than: result[index]) {
                result.swapAt(index, result.count - 1)
                result.removeLast()
            } else {
                index += 1
            }
        }
        result.append(candidate)
    }

    /// True when `a` is at least as good as `b` whatever follows (ZXing's isBetterThanOrEqualTo).
    private func isBetterOrEqual(_ a: State, than b: State) -> Bool {
        var bits = Int(a.bits) + (Tables.latches[Int(a.mode) * Tables.modeCount + Int(b.mode)] >> 16)
        if a.binaryBytes < b.binaryBytes {
            bits += Self.binaryShiftCost(b.binaryBytes) - Self.binaryShiftCost(a.binaryBytes)
        } else if a.binaryBytes > b.binaryBytes && b.binaryBytes > 0 {
            bits += 10
        }
        return bits <= Int(b.bits)
    }

    /// Bits the headers of a binary shift of `bytes` bytes cost.
    private static func binaryShiftCost(_ bytes: Int32) -> Int {
        bytes > 62 ? 21 : bytes > 31 ? 20 : bytes > 0 ? 10 : 0
    }

    private mutating func token(_ previous: Int32, value: Int, bitCount: Int) -> Int32 {
        tokens.append(Token(previous: previous, value: Int32(value), bitCount: Int32(bitCount)))
        return Int32(tokens.count - 1)
    }

    /// `state`, latched to `mode` (when not in it already), then `value` in that mode.
    private mutating func latchAndAppend(_ state: State, mode: Int, value: Int) -> State {
        var head = state.token
        var bits = Int(state.bits)
        if mode != state.mode {
            let latch = Tables.latches[Int(state.mode) * Tables.modeCount + mode]
            head = token(head, value: latch & 0xFFFF, bitCount: latch >> 16)
            bits += latch >> 16
        }
        let width = Tables.codeBits(mode)
        head = token(head, value: value, bitCount: width)
        return State(token: head, mode: Int32(mode), binaryBytes: 0, bits: Int32(bits + width))
    }

    /// `state`, shifted to `mode` (Upper or Punct) for the one code `value`.
    private mutating func shiftAndAppend(_ state: State, mode: Int, value: Int) -> State {
        let width = Tables.codeBits(Int(state.mode))
        var head = token(state.token, value: Tables.shifts[Int(state.mode) * Tables.modeCount + mode], bitCount: width)
        head = token(head, value: value, bitCount: 5)
        return State(token: head, mode: state.mode, binaryBytes: 0, bits: state.bits + Int32(width + 5))
    }

    /// `state` with FLG(n) and the digits of ECI `eci` (ISO/IEC 24778, 7.3.1.5), from Upper.
    private mutating func appendFLG(_ state: State, eci: Int) -> State {
        var result = shiftAndAppend(state, mode: Tables.punct, value: 0)
        let digits = Array(String(eci).utf8)
        result.token = token(result.token, value: digits.count, bitCount: 3)
        for digit in digits {
            result.token = token(result.token, value: Int(digit - UInt8(ascii: "0")) + 2, bitCount: 4)
        }
        result.bits += Int32(3 + 4 * digits.count)
        return result
    }

    /// `state` with the byte at `index` added to its binary shift (opening one, from Upper,
    /// Lower or Mixed, when none is open).
    private mutating func addBinaryShiftByte(_ state: State, index: Int) -> State {
        var result = state
        if state.mode == Tables.punct || state.mode == Tables.digit {
            let latch = Tables.latches[Int(state.mode) * Tables.modeCount + Tables.upper]
            result.token = token(result.token, value: latch & 0xFFFF, bitCount: latch >> 16)
            result.bits += Int32(latch >> 16)
            result.mode = Int32(Tables.upper)
        }
        let count = state.binaryBytes
        result.bits += count == 0 || count == 31 ? 18 : count == 62 ? 9 : 8
        result.binaryBytes = count + 1
        // The longest binary shift is 2047 + 31 bytes.
        if result.binaryBytes == 2047 + 31 { result = endBinaryShift(result, index: index + 1) }
        return result
    }

    /// `state` with its open binary shift (the bytes before `index`) closed into a token.
    private mutating func endBinaryShift(_ state: State, index: Int) -> State {
        guard state.binaryBytes > 0 else { return state }
        let count = Int(state.binaryBytes)
        var result = state
        result.token = token(state.token, value: index - count, bitCount: -count)
        result.binaryBytes = 0
        return result
    }

    /// The bit string of the tokens ending at `state`.
    private func bits(ending state: State) -> [UInt8] {
        var chain: [Int32] = []
        chain.reserveCapacity(text.count * 2 + 8)
        var head = state.token
        while head >= 0 {
            chain.append(head)
            head = tokens[Int(head)].previous
        }
        var output = AztecBitWriter(capacity: Int(state.bits))
        for index in chain.reversed() {
            let token = tokens[Int(index)]
            if token.bitCount >= 0 {
                output.append(Int(token.value), bitCount: Int(token.bitCount))
            } else {
                appendBinaryShift(start: Int(token.value), count: Int(-token.bitCount), to: &output)
            }
        }
        return output.bits
    }

    /// B/S, its length (5 bits, or 0 then 11 bits past 31 + 31 bytes), the bytes, and a second
    /// B/S before byte 32 when 32 to 62 bytes need two.
    private func appendBinaryShift(start: Int, count: Int, to output: inout AztecBitWriter) {
        for offset in 0..<count {
            if offset == 0 || (offset == 31 && count <= 62) {
                output.append(31, bitCount: 5)
                if count > 62 {
                    output.append(count - 31, bitCount: 16)
                } else if offset == 0 {
                    output.append(min(count, 31), bitCount: 5)
                } else {
                    output.append(count - 31, bitCount: 5)
                }
            }
            output.append(Int(text[start + offset]), bitCount: 8)
        }
    }
}

/// A growing bit string, one bit per byte (0 or 1), most significant bit of each value first.
struct AztecBitWriter {
    private(set) var bits: [UInt8] = []

    init(capacity: Int) { bits.reserveCapacity(capacity) }

    mutating func append(_ value: Int, bitCount: Int) {
        var shift = bitCount - 1
        while shift >= 0 {
            bits.append(UInt8((value >> shift) & 1))
            shift -= 1
        }
    }
}
