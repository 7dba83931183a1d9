/// Where a picture's pixels come from, row by row: premultiplied native-endian ARGB32.
protocol ARGBRowSource: AnyObject {
    /// The pixels of picture row `y`, valid until the next call.
    func row(_ y: Int) -> UnsafePointer<UInt32>
    /// Why some row could not be produced (its pixels were then blank): nil when every row was.
    var failure: RenderError? { get }
}

/// Premultiplied native-endian ARGB32 rows in memory that stays valid while this object lives:
/// either a canvas's own pixels (the canvas is retained) or a private copy (freed in `deinit`).
final class ARGBRows: ARGBRowSource {
    private let base: UnsafePointer<UInt8>
    private let stride: Int
    /// What keeps `base` valid when it is not a copy.
    private let owner: AnyObject?
    private let copy: UnsafeMutableRawPointer?

    /// Rows of `owner`'s memory at `base`, `stride` bytes apart.
    init(owner: AnyObject, base: UnsafePointer<UInt8>, stride: Int) {
        self.base = base
        self.stride = stride
        self.owner = owner
        copy = nil
    }

    /// A copy of `count` bytes of rows at `data`.
    init(copying data: UnsafePointer<UInt8>, count: Int, stride: Int) {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: MemoryLayout<UInt32>.alignment)
        copy.copyMemory(from: data, byteCount: count)
        base = UnsafePointer(copy.assumingMemoryBound(to: UInt8.self))
        self.stride = stride
        owner = nil
        self.copy = copy
    }

    deinit {
        copy?.deallocate()
    }

    /// The pixels of row `y`.
    func row(_ y: Int) -> UnsafePointer<UInt32> {
        UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Rows in memory are always there.
    var failure: RenderError? { nil }
}
