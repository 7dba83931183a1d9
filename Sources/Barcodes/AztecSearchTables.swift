/// ``AztecCharacterTables`` copied once into memory that is never freed, read through pointers
/// by ``AztecHighLevelEncoder``'s search: no lazy-global check, bounds check or reference count
/// per look-up in its inner loop.
struct AztecSearchTables: @unchecked Sendable {
    private typealias Tables = AztecCharacterTables

    /// The one copy, made on first use.
    static let shared = AztecSearchTables()

    private let codes: UnsafePointer<UInt8>
    private let modeMasks: UnsafePointer<UInt8>
    private let latches: UnsafePointer<Int>
    private let shifts: UnsafePointer<Int>

    private init() {
        codes = Self.copy(Tables.codes)
        modeMasks = Self.copy(
            (0..<256).map { byte in
                (0..<Tables.modeCount).reduce(UInt8(0)) { mask, mode in
                    Tables.codes[mode << 8 | byte] > 0 ? mask | 1 << mode : mask
                }
            })
        latches = Self.copy(Tables.latches)
        shifts = Self.copy(Tables.shifts)
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafePointer<Element> {
        let copy = UnsafeMutablePointer<Element>.allocate(capacity: array.count)
        copy.initialize(from: array, count: array.count)
        return UnsafePointer(copy)
    }

    /// The byte's code in `mode`, 0 when the mode lacks it.
    @inline(__always)
    func code(_ mode: Int, _ byte: Int) -> UInt8 { codes[mode &<< 8 | byte] }

    /// The modes holding `byte`, bit `mode` set for each.
    @inline(__always)
    func modeMask(_ byte: Int) -> UInt8 { modeMasks[byte] }

    /// The codes latching from one mode to another, packed as (bit count << 16) | bits.
    @inline(__always)
    func latch(_ from: Int, _ to: Int) -> Int { latches[from &* Tables.modeCount &+ to] }

    /// Bits of the latch from one mode to another (0 when they are the same).
    @inline(__always)
    func latchBitCount(_ from: Int, _ to: Int) -> Int { latch(from, to) &>> 16 }

    /// The code shifting from one mode to another for one character, -1 when there is none.
    @inline(__always)
    func shift(_ from: Int, _ to: Int) -> Int { shifts[from &* Tables.modeCount &+ to] }
}
