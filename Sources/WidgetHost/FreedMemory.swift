internal import CMalloc

/// Gives the memory a render batch freed back to the system.
///
/// glibc serves a large allocation (a 5 MB scale-3 canvas) with its own mapping and unmaps it
/// when freed, but then raises its mapping threshold to that size: the next canvases come from
/// the heap, and freed heap memory below the (equally raised) trim threshold stays resident.
/// A long-running host kept freed canvases in its heap while idle; `malloc_trim` after each batch
/// brings it back to what it holds live (bench/results.md, "Figures behind the code's comments",
/// `FreedMemory`).
enum FreedMemory {
    /// Releases free heap pages (top and middle of every arena) to the system.
    static func release() {
        _ = malloc_trim(0)
    }
}
