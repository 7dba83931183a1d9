import Foundation
internal import CAdw

/// Work that must not block the window (a sync talks to a remote for seconds): `work` runs on a
/// thread of its own, then `done` runs with its result on GLib's main loop, where every widget
/// lives. `work` gets nothing of the window: it builds what it needs from Sendable values.
enum BackgroundWork {
    /// Runs `work` off the main loop and hands its result to `done` on the main loop.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result, then done: @escaping (Result) -> Void) {
        let finish = MainLoopResult<Result>(done)
        Thread {
            finish.post(work())
        }.start()
    }
}

/// Something to run once on the main loop: posted from any thread through `g_idle_add_full`
/// (thread-safe), which holds the object until it has run; it is only ever run there, hence
/// `@unchecked Sendable`.
private class MainLoopTask: @unchecked Sendable {
    /// What runs on the main loop (subclasses).
    func run() {}

    /// Schedules ``run()`` on the default main context.
    func schedule() {
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { context in
                guard let context else { return 0 }
                Unmanaged<MainLoopTask>.fromOpaque(context).takeUnretainedValue().run()
                return 0
            }, Unmanaged.passRetained(self).toOpaque(),
            { context in
                guard let context else { return }
                Unmanaged<MainLoopTask>.fromOpaque(context).release()
            })
    }
}

/// A result waiting for its closure on the main loop.
private final class MainLoopResult<Result>: MainLoopTask, @unchecked Sendable {
    private let done: (Result) -> Void
    private var result: Result?

    init(_ done: @escaping (Result) -> Void) { self.done = done }

    /// Keeps `result` (written before the main loop can see this object) and schedules the call.
    func post(_ result: Result) {
        self.result = result
        schedule()
    }

    override func run() {
        guard let result else { return }
        self.result = nil
        done(result)
    }
}
