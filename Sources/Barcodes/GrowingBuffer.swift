/// A buffer of plain values (no references) that doubles when full, freed by its owner with
/// ``deallocate()``: the arrays of ``AztecHighLevelEncoder``'s search without the bounds and
/// uniqueness checks of `Array` in its inner loop.
struct GrowingBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Elements held, from index 0.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` (>= 1) elements before it grows.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Removes the element at `index`, moving the last one into its place.
    @inline(__always)
    mutating func removeBySwappingLast(at index: Int) {
        count &-= 1
        base[index] = base[count]
    }

    mutating func removeAll() { count = 0 }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
