import Foundation
internal import CAdw

/// The one way the app hands work to GLib's main loop (where every GTK call must run): from any
/// thread (`g_idle_add_full` and `g_timeout_add_full` are thread-safe), after a delay, every few
/// milliseconds, or with the result of work run on a thread of its own. Each closure lives in a
/// box GLib holds until its source has run for the last time or is removed.
enum MainLoop {
    /// Runs `body` once on the main loop, at `priority` (GLib's: lower runs first). Returns the
    /// source's id.
    @discardableResult
    static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping () -> Void) -> guint {
        g_idle_add_full(priority, runOnce, Unmanaged.passRetained(Once(body)).toOpaque(), releaseOnce)
    }

    /// Runs `body` once on the main loop after `seconds`; returns the source's id (for
    /// `g_source_remove`).
    @discardableResult
    static func after(seconds: Double, _ body: @escaping () -> Void) -> guint {
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(max(0, seconds * 1000)), runOnce, Unmanaged.passRetained(Once(body)).toOpaque(),
            releaseOnce)
    }

    /// Runs `body` every `milliseconds` on the main loop until it returns false.
    @discardableResult
    static func every(milliseconds: guint, _ body: @escaping () -> Bool) -> guint {
        let box = Unmanaged.passRetained(Repeating(body)).toOpaque()
        return g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { context in
                guard let context else { return 0 }
                return Unmanaged<Repeating>.fromOpaque(context).takeUnretainedValue().body() ? 1 : 0
            }, box,
            { context in
                guard let context else { return }
                Unmanaged<Repeating>.fromOpaque(context).release()
            })
    }

    /// Work that must not hold up the window (a scan, an import, a sync talking to its remote):
    /// `work` runs on a thread of its own and gets nothing of the window; `done` then runs with
    /// its result on the main loop, at the default priority (an idle priority would wait behind
    /// a spinner's redraws for as long as it spins).
    static func background<Result>(_ work: @escaping @Sendable () -> Result, then done: @escaping (Result) -> Void) {
        let handoff = Handoff(done)
        Thread { handoff.deliver(work()) }.start()
    }

    private static let runOnce: GSourceFunc = { context in
        guard let context else { return 0 }
        Unmanaged<Once>.fromOpaque(context).takeUnretainedValue().body()
        return 0
    }

    private static let releaseOnce: GDestroyNotify = { context in
        guard let context else { return }
        Unmanaged<Once>.fromOpaque(context).release()
    }

    /// A one-shot closure while GLib holds it.
    private final class Once {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// A repeating closure while GLib holds it.
    private final class Repeating {
        let body: () -> Bool
        init(_ body: @escaping () -> Bool) { self.body = body }
    }

    /// Carries `done` to the worker thread, which only hands the result back: `done` is called
    /// on the main loop alone, hence `@unchecked Sendable`.
    private final class Handoff<Result>: @unchecked Sendable {
        private let done: (Result) -> Void
        init(_ done: @escaping (Result) -> Void) { self.done = done }

        func deliver(_ result: Result) {
            let box = UncheckedResult(result)
            MainLoop.idle(priority: G_PRIORITY_DEFAULT) { self.done(box.value) }
        }
    }

    /// A result passed from the worker thread to the main loop, read there only.
    private final class UncheckedResult<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
