internal import CResidentPages
import Foundation
import Synchronization

/// Drops the resident pages of code and read-only data that a render may not need again (the
/// argument parser, SQLite, the start-up paths of the Swift runtime and Foundation) before the
/// picture is drawn, so a render's peak resident set holds only the pages it touches.
///
/// These pages are clean and file-backed (segments without write permission of the executable
/// and of every loaded library): `madvise(MADV_DONTNEED)` unmaps them from this process, they
/// stay in the page cache, and what the render touches maps back in with a minor fault. This is
/// what iOS counts anyway: clean pages are reclaimable and not charged to a widget extension's
/// budget; Linux's peak RSS counts them, so they are released here. Writable segments (relocated
/// data, `.data`, `.bss`, and the static runtime's `.rodata`, which lld places in a writable
/// segment) are never touched; objects with text relocations are skipped.
///
/// The first render of a process releases them, and the first after each
/// ``releaseBeforeNextRender()`` (the host calls it when a batch ends): releasing before every
/// render made repeated renders fault the same code back each time (bench/results.md, "Figures
/// behind the code's comments", `CleanPages`).
/// Setting `WALLET_KEEP_CLEAN_PAGES=1` keeps them (bench/sections/40_memory.py measures both).
public enum CleanPages {
    /// Whether pages are released: not when `WALLET_KEEP_CLEAN_PAGES` is set.
    static let enabled = ProcessInfo.processInfo.environment["WALLET_KEEP_CLEAN_PAGES"] == nil

    /// Whether the next render releases the pages.
    private static let due = Atomic<Bool>(true)

    /// Makes the next render release the clean pages again (what ran since is not its business).
    public static func releaseBeforeNextRender() {
        due.store(true, ordering: .relaxed)
    }

    /// Releases the pages when a render is due to (see ``releaseBeforeNextRender()``); returns
    /// whether it did.
    static func releaseIfDue() -> Bool {
        guard due.exchange(false, ordering: .relaxed) else { return false }
        release()
        return true
    }

    /// Releases the clean code and read-only data pages of the executable and its libraries;
    /// returns how many bytes were released (0 when disabled).
    @discardableResult static func release() -> Int {
        guard enabled else { return 0 }
        let everything =
            WALLET_CLEAN_EXECUTABLE_CODE.rawValue | WALLET_CLEAN_EXECUTABLE_RODATA.rawValue
            | WALLET_CLEAN_LIBRARY_CODE.rawValue | WALLET_CLEAN_LIBRARY_RODATA.rawValue
        return wallet_release_clean_pages(Int32(everything))
    }
}
