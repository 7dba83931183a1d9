internal import CAdw
import Foundation

/// Work that must not hold up the window (a scan, an import, a camera reading) runs on a thread
/// of its own; its result comes back to GLib's main loop (`g_idle_add_full`, safe from any
/// thread), where GTK may be touched.
enum MainLoopHandoff {
    /// Runs `work` on a new thread, then `deliver` with its result on the main loop.
    static func run<Result>(_ work: @escaping @Sendable () -> Result, then deliver: @escaping (Result) -> Void) {
        let delivery = Delivery(deliver)
        let box = UncheckedBox(delivery)
        let thread = Thread {
            box.value.result = work()
            post(box.value)
        }
        thread.start()
    }

    /// Runs `task` on the main loop soon (from any thread), at the default priority: an idle
    /// priority would wait behind the spinner's redraws for as long as it spins.
    static func post(_ task: some MainLoopTask) {
        let context = Unmanaged.passRetained(task as AnyObject).toOpaque()
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { context in
                guard let context else { return 0 }
                (Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue() as? any MainLoopTask)?.runOnMainLoop()
                return 0
            }, context,
            { context in
                guard let context else { return }
                Unmanaged<AnyObject>.fromOpaque(context).release()
            })
    }

    /// Runs `body` once on the main loop after `seconds`; returns the source's id (for
    /// `g_source_remove`).
    static func after(seconds: Double, _ body: @escaping () -> Void) -> guint {
        let context = Unmanaged.passRetained(Delivery<Void>({ _ in body() })).toOpaque()
        return g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(max(0, seconds * 1000)),
            { context in
                guard let context else { return 0 }
                let delivery = Unmanaged<Delivery<Void>>.fromOpaque(context).takeUnretainedValue()
                delivery.result = ()
                delivery.runOnMainLoop()
                return 0
            }, context,
            { context in
                guard let context else { return }
                Unmanaged<Delivery<Void>>.fromOpaque(context).release()
            })
    }

    /// A result waiting for the main loop, with what to do with it there.
    private final class Delivery<Result>: MainLoopTask {
        let deliver: (Result) -> Void
        var result: Result?
        init(_ deliver: @escaping (Result) -> Void) { self.deliver = deliver }
        func runOnMainLoop() {
            guard let result else { return }
            self.result = nil
            deliver(result)
        }
    }

    /// Hands a main-loop object to the worker thread, which only stores the result in it: the
    /// main loop reads it after the idle source is added, so the two never touch it together.
    private final class UncheckedBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

/// Something run on the main loop by ``MainLoopHandoff/post(_:)``.
protocol MainLoopTask: AnyObject {
    func runOnMainLoop()
}
