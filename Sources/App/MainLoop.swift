internal import CAdw

/// Hands work to GLib's main loop (where every GTK call must run) from any thread: the closure
/// lives in a box GLib holds until the source has run once or is removed.
enum MainLoop {
    /// Runs `body` once on the main loop, at `priority` (GLib's: lower runs first). Safe to call
    /// from any thread (`g_idle_add_full` is). Returns the source's id.
    @discardableResult
    static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping () -> Void) -> guint {
        let box = Unmanaged.passRetained(Once(body)).toOpaque()
        return g_idle_add_full(
            priority,
            { context in
                guard let context else { return 0 }
                Unmanaged<Once>.fromOpaque(context).takeUnretainedValue().body()
                return 0
            }, box,
            { context in
                guard let context else { return }
                Unmanaged<Once>.fromOpaque(context).release()
            })
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
}
