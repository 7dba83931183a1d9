/// Aztec's high-level encoding: bytes to the shortest bit string of mode codes (ISO/IEC 24778,
/// 7.3), searching every way of latching, shifting and binary-shifting as ZXing's
/// HighLevelEncoder does (Apache-2.0), rewritten for speed.
///
/// After each byte the search keeps the ``State``s no other state beats (a mode, an open binary
/// shift, the bits so far). A candidate is first weighed by its numbers alone; only a kept one
/// records its ``Step`` (the codes it adds) in one arena linked backwards by index. States live
/// in two buffers swapped per byte, the tables are read through pointers taken once
/// (``AztecSearchTables``), and the bits are written backwards from the last step: nothing is
/// allocated per character and no array is bounds- or uniqueness-checked in the loop. For
/// `MEMBER-12345678 Gold Tier` the search keeps 41 states and weighs 68 candidates in all, at
/// fewer instructions than the array-based search it replaced (bench/results.md, "Figures behind
/// the code's comments", `AztecEncoder`), with the same states, order and ties, so the same bits
/// (AztecModeSearchVectorTests holds the old search's bits). The rest is the states' comparisons themselves.
struct AztecHighLevelEncoder: ~Copyable {
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

    /// A state not yet kept, and the step it records if kept (`records` false: it adds no codes).
    private struct Candidate {
        var state: State
        var step: Step
        var records: Bool
    }

    private let text: UnsafeBufferPointer<UInt8>
    private let tables = AztecSearchTables.shared
    private var steps: GrowingBuffer<Step>
    private var states: GrowingBuffer<State>
    private var next: GrowingBuffer<State>

    private init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        steps = GrowingBuffer(capacity: text.count * 4 + 4)
        states = GrowingBuffer(capacity: 16)
        next = GrowingBuffer(capacity: 16)
    }

    deinit {
        steps.deallocate()
        states.deallocate()
        next.deallocate()
    }

    /// The bits for `text`, with FLG(0) (FNC1, a GS1 symbol) first when `fnc1First` and FLG(n)
    /// announcing ECI `eci` when given (as ZXing and zint write a character set), one bit per
    /// byte (0 or 1).
    static func encode(_ text: [UInt8], eci: Int?, fnc1First: Bool = false) -> [UInt8] {
        text.withUnsafeBufferPointer { text in
            var encoder = AztecHighLevelEncoder(text)
            return encoder.run(eci: eci, fnc1First: fnc1First)
        }
    }

    private mutating func run(eci: Int?, fnc1First: Bool) -> [UInt8] {
        var initial = State(step: -1, mode: Int32(Tables.upper), binaryBytes: 0, bits: 0)
        if fnc1First { initial = keep(Self.flg(after: initial, digits: [])) }
        if let eci { initial = keep(Self.flg(after: initial, digits: Array(String(eci).utf8))) }
        states.append(initial)
        let count = text.count
        var index = 0
        while index < count {
            let pair = index &+ 1 < count ? Tables.pairCode(text[index], text[index &+ 1]) : 0
            next.removeAll()
            for position in 0..<states.count {
                let state = states[position]
                if pair > 0 {
                    advancePair(state, index: index, pairCode: pair)
                } else {
                    advance(state, index: index)
                }
            }
            swap(&states, &next)
            index &+= pair > 0 ? 2 : 1
        }
        var best = states[0]
        for position in 1..<states.count where states[position].bits < best.bits { best = states[position] }
        if best.binaryBytes > 0 { best = keep(Self.closingBinaryShift(best, index: count)) }
        return bits(ending: best)
    }

    /// Every way to encode the byte at `index` after `state`, into `next`.
    private mutating func advance(_ state: State, index: Int) {
        let byte = Int(text[index])
        let mode = Int(state.mode)
        let modes = tables.modeMask(byte)
        let inCurrentMode = modes & (1 << mode) != 0
        var remaining = modes
        while remaining != 0 {
            let target = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            let code = Int(tables.code(target, byte))
            if !inCurrentMode || target == mode || target == Tables.digit {
                insert(latch(state, index: index, to: target, codes: code, count: Tables.codeBits(target)))
            }
            if !inCurrentMode && tables.shift(mode, target) >= 0 {
                insert(shift(state, index: index, to: target, code: code))
            }
        }
        if state.binaryBytes > 0 || !inCurrentMode {
            insert(addingBinaryByte(Candidate(state: state, step: Step(previous: -1), records: false), index: index))
        }
    }

    /// Every way to encode the pair (CR LF, ". ", ", ", ": ") at `index` after `state`, into `next`.
    private mutating func advancePair(_ state: State, index: Int, pairCode: Int) {
        insert(latch(state, index: index, to: Tables.punct, codes: pairCode, count: 5))
        if state.mode != Tables.punct {
            insert(shift(state, index: index, to: Tables.punct, code: pairCode))
        }
        if pairCode == 3 || pairCode == 4 {
            // "." or "," (Digit codes 13 and 12), then space (1), in Digit mode.
            insert(latch(state, index: index, to: Tables.digit, codes: (16 - pairCode) << 4 | 1, count: 8))
        }
        if state.binaryBytes > 0 {
            let first = addingBinaryByte(Candidate(state: state, step: Step(previous: -1), records: false), index: index)
            insert(addingBinaryByte(first, index: index &+ 1))
        }
    }

    /// Keeps `candidate` in `next` unless a kept state is at least as good, dropping the kept
    /// states it beats; only then is its step recorded.
    private mutating func insert(_ candidate: Candidate) {
        let bits = candidate.state.bits
        var index = 0
        while index < next.count {
            // A latch or binary shift never costs less than nothing: only the state with fewer
            // (or as many) bits can be the better one.
            let kept = next[index]
            if kept.bits <= bits && isBetterOrEqual(kept, than: candidate.state) { return }
            if bits <= kept.bits && isBetterOrEqual(candidate.state, than: kept) {
                next.removeBySwappingLast(at: index)
            } else {
                index &+= 1
            }
        }
        next.append(keep(candidate))
    }

    /// The candidate's state, its step recorded.
    private mutating func keep(_ candidate: Candidate) -> State {
        var state = candidate.state
        if candidate.records {
            state.step = Int32(truncatingIfNeeded: steps.count)
            steps.append(candidate.step)
        }
        return state
    }

    /// True when `a` is at least as good as `b` whatever follows (ZXing's isBetterThanOrEqualTo).
    @inline(__always)
    private func isBetterOrEqual(_ a: State, than b: State) -> Bool {
        var bits = Int(a.bits) &+ tables.latchBitCount(Int(a.mode), Int(b.mode))
        if a.binaryBytes < b.binaryBytes {
            bits &+= Self.binaryShiftCost(b.binaryBytes) &- Self.binaryShiftCost(a.binaryBytes)
        } else if a.binaryBytes > b.binaryBytes && b.binaryBytes > 0 {
            bits &+= 10
        }
        return bits <= Int(b.bits)
    }

    /// Bits the headers of a binary shift of `bytes` bytes cost.
    private static func binaryShiftCost(_ bytes: Int32) -> Int {
        bytes > 62 ? 21 : bytes > 31 ? 20 : bytes > 0 ? 10 : 0
    }

    /// `state`'s binary shift closed (before `index`), a latch to `mode` unless in it, then the
    /// `count` bits of `codes` in that mode.
    private func latch(_ state: State, index: Int, to mode: Int, codes: Int, count: Int) -> Candidate {
        var step = Self.closing(state, index: index)
        if mode != state.mode {
            let latch = tables.latch(Int(state.mode), mode)
            step.codes = latch & 0xFFFF
            step.codeCount = Int32(truncatingIfNeeded: latch >> 16)
        }
        step.codes = step.codes << count | codes
        step.codeCount &+= Int32(truncatingIfNeeded: count)
        let bits = state.bits &+ step.codeCount
        return Candidate(
            state: State(step: -1, mode: Int32(truncatingIfNeeded: mode), binaryBytes: 0, bits: bits), step: step, records: true)
    }

    /// `state`'s binary shift closed (before `index`), then a shift to `mode` (Upper or Punct)
    /// for the one 5-bit `code`.
    private func shift(_ state: State, index: Int, to mode: Int, code: Int) -> Candidate {
        var step = Self.closing(state, index: index)
        let width = Tables.codeBits(Int(state.mode))
        step.codes = tables.shift(Int(state.mode), mode) << 5 | code
        step.codeCount = Int32(truncatingIfNeeded: width &+ 5)
        let bits = state.bits &+ step.codeCount
        return Candidate(state: State(step: -1, mode: state.mode, binaryBytes: 0, bits: bits), step: step, records: true)
    }

    /// The step that closes `state`'s open binary shift (if any) before `index`, with no codes yet.
    private static func closing(_ state: State, index: Int) -> Step {
        Step(
            previous: state.step, binaryStart: Int32(truncatingIfNeeded: index) &- state.binaryBytes,
            binaryCount: state.binaryBytes)
    }

    /// `state` with its open binary shift closed before `index`, as a candidate adding no codes.
    private static func closingBinaryShift(_ state: State, index: Int) -> Candidate {
        Candidate(
            state: State(step: -1, mode: state.mode, binaryBytes: 0, bits: state.bits), step: closing(state, index: index),
            records: true)
    }

    /// `candidate` with the byte at `index` added to its binary shift. Opening one from Punct
    /// or Digit latches to Upper first (binary shifts start from Upper, Lower or Mixed); one of
    /// 2047 + 31 bytes, the longest, is closed.
    private func addingBinaryByte(_ candidate: Candidate, index: Int) -> Candidate {
        var result = candidate
        let count = result.state.binaryBytes
        if result.state.mode == Tables.punct || result.state.mode == Tables.digit {
            let latch = tables.latch(Int(result.state.mode), Tables.upper)
            result.step = Step(
                previous: result.state.step, codeCount: Int32(truncatingIfNeeded: latch >> 16), codes: latch & 0xFFFF)
            result.records = true
            result.state.bits &+= Int32(truncatingIfNeeded: latch >> 16)
            result.state.mode = Int32(Tables.upper)
        }
        result.state.bits &+= count == 0 || count == 31 ? 18 : count == 62 ? 9 : 8
        result.state.binaryBytes = count &+ 1
        if result.state.binaryBytes == 2047 + 31 {
            result = Self.closingBinaryShift(result.state, index: index &+ 1)
        }
        return result
    }

    /// `state` with FLG(n) and `digits` (ISO/IEC 24778, 7.3.1.5): P/S, FLG(n), the digit count n
    /// in 3 bits, each digit in 4 bits (Digit mode's codes). An ECI's digits, or none: FLG(0) is FNC1.
    private static func flg(after state: State, digits: [UInt8]) -> Candidate {
        var step = Step(previous: state.step, codeCount: Int32(13 + 4 * digits.count), codes: digits.count)
        for digit in digits { step.codes = step.codes << 4 | (Int(digit - UInt8(ascii: "0")) + 2) }
        let bits = state.bits + step.codeCount
        return Candidate(state: State(step: -1, mode: state.mode, binaryBytes: 0, bits: bits), step: step, records: true)
    }

    /// The bit string of the steps ending at `state` (whose binary shift is closed), written
    /// from its end backwards along the steps' links.
    private func bits(ending state: State) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Int(state.bits)) { output, initialized in
            var end = Int(state.bits)
            var head = state.step
            while head >= 0 {
                let step = steps[Int(head)]
                end &-= Int(step.codeCount)
                Self.write(step.codes, bitCount: Int(step.codeCount), at: end, into: output)
                if step.binaryCount > 0 {
                    let count = Int(step.binaryCount)
                    end &-= Self.binaryShiftCost(step.binaryCount) &+ 8 &* count
                    writeBinaryShift(start: Int(step.binaryStart), count: count, at: end, into: output)
                }
                head = step.previous
            }
            precondition(end == 0, "the steps' bits add up to the state's")
            initialized = Int(state.bits)
        }
    }

    /// The low `bitCount` bits of `value`, most significant first, at `position` in `output`.
    @inline(__always)
    private static func write(_ value: Int, bitCount: Int, at position: Int, into output: UnsafeMutableBufferPointer<UInt8>) {
        var shift = bitCount &- 1
        var position = position
        while shift >= 0 {
            output[position] = UInt8(truncatingIfNeeded: value &>> shift) & 1
            position &+= 1
            shift &-= 1
        }
    }

    /// B/S, its length (5 bits, or 0 then 11 bits past 31 + 31 bytes), the bytes, and a second
    /// B/S before byte 32 when 32 to 62 bytes need two, at `position` in `output`.
    private func writeBinaryShift(start: Int, count: Int, at position: Int, into output: UnsafeMutableBufferPointer<UInt8>) {
        var position = position
        for offset in 0..<count {
            if offset == 0 || (offset == 31 && count <= 62) {
                Self.write(31, bitCount: 5, at: position, into: output)
                position &+= 5
                let length = count > 62 ? count - 31 : offset == 0 ? min(count, 31) : count - 31
                let lengthBits = count > 62 ? 16 : 5
                Self.write(length, bitCount: lengthBits, at: position, into: output)
                position &+= lengthBits
            }
            Self.write(Int(text[start + offset]), bitCount: 8, at: position, into: output)
            position &+= 8
        }
    }
}
