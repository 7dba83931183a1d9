/// Aztec's high-level encoding: bytes to the shortest bit string of mode codes (ISO/IEC 24778,
/// 7.3), searching every way of latching, shifting and binary-shifting as ZXing's
/// HighLevelEncoder does (Apache-2.0), rewritten for speed.
///
/// After each byte the search keeps the ``State``s no other state beats (a mode, an open binary
/// shift, the bits so far). A candidate is first weighed by its numbers alone; only a kept one
/// records its ``Step`` (the codes it adds) in one arena array linked backwards by index. States
/// are structs in two small arrays swapped per byte: nothing is allocated per character. For
/// `MEMBER-12345678 Gold Tier` the search keeps 41 states and weighs 68 candidates in all, at
/// about 25,000 instructions (release build): array bookkeeping, not arithmetic, is most of it.
struct AztecHighLevelEncoder {
    private typealias Tables = AztecCharacterTables

    /// One partial encoding: its last recorded step, the mode it is in (or returns to after its
    /// open binary shift), the bytes of that binary shift, and its length in bits.
    private struct State {
        var step: Int32
        var mode: Int32
        var binaryBytes: Int32
        var bits: Int32
    }

    /// What a kept candidate adds after step `previous`: the `binaryCount` bytes from
    /// `binaryStart` as a binary shift (none when 0), then the low `codeCount` bits of `codes`.
    private struct Step {
        var previous: Int32
        var binaryStart: Int32 = 0
        var binaryCount: Int32 = 0
        var codeCount: Int32 = 0
        var codes: Int = 0
    }

    /// A state not yet kept, and the step it records if kept (nil: it adds no codes).
    private struct Candidate {
        var state: State
        var step: Step?
    }

    private let text: [UInt8]
    private let codes = Tables.codes
    private var steps: [Step] = []

    private init(_ text: [UInt8]) {
        self.text = text
        steps.reserveCapacity(text.count * 4 + 4)
    }

    /// The bits for `text`, with FLG(n) announcing ECI `eci` first when given (as ZXing and zint
    /// write a character set), one bit per byte (0 or 1).
    static func encode(_ text: [UInt8], eci: Int?) -> [UInt8] {
        var encoder = AztecHighLevelEncoder(text)
        return encoder.run(eci: eci)
    }

    private mutating func run(eci: Int?) -> [UInt8] {
        var initial = State(step: -1, mode: Int32(Tables.upper), binaryBytes: 0, bits: 0)
        if let eci { initial = keep(Self.flg(after: initial, eci: eci)) }
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
        if best.binaryBytes > 0 { best = keep(Self.closingBinaryShift(best, index: text.count)) }
        return bits(ending: best)
    }

    /// Every way to encode the byte at `index` after `state`.
    private mutating func advance(_ state: State, index: Int, into result: inout [State]) {
        let byte = Int(text[index])
        let mode = Int(state.mode)
        let inCurrentMode = codes[mode << 8 | byte] > 0
        for target in 0..<Tables.modeCount {
            let code = Int(codes[target << 8 | byte])
            guard code > 0 else { continue }
            if !inCurrentMode || target == mode || target == Tables.digit {
                insert(Self.latch(state, index: index, to: target, codes: code, count: Tables.codeBits(target)), into: &result)
            }
            if !inCurrentMode && Tables.shifts[mode * Tables.modeCount + target] >= 0 {
                insert(Self.shift(state, index: index, to: target, code: code), into: &result)
            }
        }
        if state.binaryBytes > 0 || !inCurrentMode {
            insert(Self.addingBinaryByte(Candidate(state: state, step: nil), index: index), into: &result)
        }
    }

    /// Every way to encode the pair (CR LF, ". ", ", ", ": ") at `index` after `state`.
    private mutating func advancePair(_ state: State, index: Int, pairCode: Int, into result: inout [State]) {
        insert(Self.latch(state, index: index, to: Tables.punct, codes: pairCode, count: 5), into: &result)
        if state.mode != Tables.punct {
            insert(Self.shift(state, index: index, to: Tables.punct, code: pairCode), into: &result)
        }
        if pairCode == 3 || pairCode == 4 {
            // "." or "," (Digit codes 13 and 12), then space (1), in Digit mode.
            insert(Self.latch(state, index: index, to: Tables.digit, codes: (16 - pairCode) << 4 | 1, count: 8), into: &result)
        }
        if state.binaryBytes > 0 {
            let first = Self.addingBinaryByte(Candidate(state: state, step: nil), index: index)
            insert(Self.addingBinaryByte(first, index: index + 1), into: &result)
        }
    }

    /// Keeps `candidate` in `result` unless a kept state is at least as good, dropping the kept
    /// states it beats; only then is its step recorded.
    private mutating func insert(_ candidate: Candidate, into result: inout [State]) {
        let bits = candidate.state.bits
        var index = 0
        while index < result.count {
            // A latch or binary shift never costs less than nothing: only the state with fewer
            // (or as many) bits can be the better one.
            let kept = result[index]
            if kept.bits <= bits && Self.isBetterOrEqual(kept, than: candidate.state) { return }
            if bits <= kept.bits && Self.isBetterOrEqual(candidate.state, than: kept) {
                result.swapAt(index, result.count - 1)
                result.removeLast()
            } else {
                index += 1
            }
        }
        result.append(keep(candidate))
    }

    /// The candidate's state, its step recorded.
    private mutating func keep(_ candidate: Candidate) -> State {
        var state = candidate.state
        if let step = candidate.step {
            steps.append(step)
            state.step = Int32(steps.count - 1)
        }
        return state
    }

    /// True when `a` is at least as good as `b` whatever follows (ZXing's isBetterThanOrEqualTo).
    private static func isBetterOrEqual(_ a: State, than b: State) -> Bool {
        var bits = Int(a.bits) + (Tables.latches[Int(a.mode) * Tables.modeCount + Int(b.mode)] >> 16)
        if a.binaryBytes < b.binaryBytes {
            bits += binaryShiftCost(b.binaryBytes) - binaryShiftCost(a.binaryBytes)
        } else if a.binaryBytes > b.binaryBytes && b.binaryBytes > 0 {
            bits += 10
        }
        return bits <= Int(b.bits)
    }

    /// Bits the headers of a binary shift of `bytes` bytes cost.
    private static func binaryShiftCost(_ bytes: Int32) -> Int {
        bytes > 62 ? 21 : bytes > 31 ? 20 : bytes > 0 ? 10 : 0
    }

    /// `state`'s binary shift closed (before `index`), a latch to `mode` unless in it, then the
    /// `count` bits of `codes` in that mode.
    private static func latch(_ state: State, index: Int, to mode: Int, codes: Int, count: Int) -> Candidate {
        var step = closing(state, index: index)
        if mode != state.mode {
            let latch = Tables.latches[Int(state.mode) * Tables.modeCount + mode]
            step.codes = latch & 0xFFFF
            step.codeCount = Int32(latch >> 16)
        }
        step.codes = step.codes << count | codes
        step.codeCount += Int32(count)
        return Candidate(state: State(step: -1, mode: Int32(mode), binaryBytes: 0, bits: state.bits + step.codeCount), step: step)
    }

    /// `state`'s binary shift closed (before `index`), then a shift to `mode` (Upper or Punct)
    /// for the one 5-bit `code`.
    private static func shift(_ state: State, index: Int, to mode: Int, code: Int) -> Candidate {
        var step = closing(state, index: index)
        let width = Tables.codeBits(Int(state.mode))
        step.codes = Tables.shifts[Int(state.mode) * Tables.modeCount + mode] << 5 | code
        step.codeCount = Int32(width + 5)
        return Candidate(state: State(step: -1, mode: state.mode, binaryBytes: 0, bits: state.bits + step.codeCount), step: step)
    }

    /// The step that closes `state`'s open binary shift (if any) before `index`, with no codes yet.
    private static func closing(_ state: State, index: Int) -> Step {
        Step(previous: state.step, binaryStart: Int32(index) - state.binaryBytes, binaryCount: state.binaryBytes)
    }

    /// `state` with its open binary shift closed before `index`, as a candidate adding no codes.
    private static func closingBinaryShift(_ state: State, index: Int) -> Candidate {
        Candidate(state: State(step: -1, mode: state.mode, binaryBytes: 0, bits: state.bits), step: closing(state, index: index))
    }

    /// `candidate` with the byte at `index` added to its binary shift. Opening one from Punct
    /// or Digit latches to Upper first (binary shifts start from Upper, Lower or Mixed); one of
    /// 2047 + 31 bytes, the longest, is closed.
    private static func addingBinaryByte(_ candidate: Candidate, index: Int) -> Candidate {
        var result = candidate
        let count = result.state.binaryBytes
        if result.state.mode == Tables.punct || result.state.mode == Tables.digit {
            let latch = Tables.latches[Int(result.state.mode) * Tables.modeCount + Tables.upper]
            result.step = Step(previous: result.state.step, codeCount: Int32(latch >> 16), codes: latch & 0xFFFF)
            result.state.bits += Int32(latch >> 16)
            result.state.mode = Int32(Tables.upper)
        }
        result.state.bits += count == 0 || count == 31 ? 18 : count == 62 ? 9 : 8
        result.state.binaryBytes = count + 1
        if result.state.binaryBytes == 2047 + 31 {
            result = closingBinaryShift(result.state, index: index + 1)
        }
        return result
    }

    /// `state` with FLG(n) and the digits of ECI `eci` (ISO/IEC 24778, 7.3.1.5): P/S, FLG(n),
    /// the digit count in 3 bits, each digit in 4 bits (Digit mode's codes).
    private static func flg(after state: State, eci: Int) -> Candidate {
        let digits = Array(String(eci).utf8)
        var step = Step(previous: state.step, codeCount: Int32(13 + 4 * digits.count), codes: digits.count)
        for digit in digits { step.codes = step.codes << 4 | (Int(digit - UInt8(ascii: "0")) + 2) }
        return Candidate(state: State(step: -1, mode: state.mode, binaryBytes: 0, bits: state.bits + step.codeCount), step: step)
    }

    /// The bit string of the steps ending at `state` (whose binary shift is closed).
    private func bits(ending state: State) -> [UInt8] {
        var chain: [Int32] = []
        chain.reserveCapacity(text.count + 4)
        var head = state.step
        while head >= 0 {
            chain.append(head)
            head = steps[Int(head)].previous
        }
        var output = AztecBitWriter(length: Int(state.bits))
        for index in chain.reversed() {
            let step = steps[Int(index)]
            if step.binaryCount > 0 {
                appendBinaryShift(start: Int(step.binaryStart), count: Int(step.binaryCount), to: &output)
            }
            output.append(step.codes, bitCount: Int(step.codeCount))
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
