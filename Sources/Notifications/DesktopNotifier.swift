import Foundation
internal import CGio

/// A desktop notification: what it says and the card it opens when clicked.
public struct DesktopNotification: Sendable, Equatable {
    public var title: String
    public var body: String
    /// `wallet://card/ID`: where its default action leads.
    public var url: String

    public init(title: String, body: String, url: String) {
        self.title = title
        self.body = body
        self.url = url
    }
}

/// Shows freedesktop notifications (`org.freedesktop.Notifications.Notify` on the session
/// D-Bus, through GIO's GDBus, opened at the first call by CLibrariesOnDemand). Without a session
/// bus or a notification service nothing is shown and nothing fails: ``show(_:)`` says so.
///
/// Each notification carries the default action "Open card"; a notifier that lives on (the
/// widget host) hears the click (`ActionInvoked`) through `onAction` on a thread of its own.
///
/// `@unchecked Sendable`: the GDBus connection is a C pointer Swift cannot check (GIO's
/// connections are safe to use from any thread); `shown` is only touched under `lock`, and
/// `actionThread` only by ``onAction(_:)``, which its owner calls once while setting it up.
public final class DesktopNotifier: @unchecked Sendable {
    private let connection: OpaquePointer?
    private let lock = NSLock()
    /// Notification id -> its card URL, for the clicks.
    private var shown: [UInt32: String] = [:]
    private var actionThread: Thread?

    /// Connects to the session bus; no bus is not an error (nothing will be shown).
    public init() {
        var error: UnsafeMutablePointer<GError>?
        connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        if let error { g_error_free(error) }
    }

    deinit {
        if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
    }

    /// Whether a notification was shown, and if not why (no bus, no service).
    public enum Delivery: Sendable, Equatable {
        case shown(id: UInt32)
        case notShown(String)
    }

    /// Sends the notification; never throws.
    @discardableResult
    public func show(_ notification: DesktopNotification) -> Delivery {
        guard let connection else { return .notShown("no session D-Bus") }
        let parameters = Self.notifyParameters(notification)
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
            "org.freedesktop.Notifications", "Notify", parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5_000, nil, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            return .notShown(message)
        }
        guard let reply else { return .notShown("no answer") }
        defer { g_variant_unref(reply) }
        var id: UInt32 = 0
        if g_variant_n_children(reply) == 1, let child = g_variant_get_child_value(reply, 0) {
            id = g_variant_get_uint32(child)
            g_variant_unref(child)
        }
        lock.withLock { shown[id] = notification.url }
        return .shown(id: id)
    }

    /// Calls `handler` with the card URL of each notification of this notifier that is clicked
    /// (its default action), from a thread running GLib's main loop for the bus's signals.
    public func onAction(_ handler: @escaping @Sendable (String) -> Void) {
        guard let bus = connection, actionThread == nil else { return }
        let box = ActionBox(notifier: self, handler: handler)
        nonisolated(unsafe) let connection = bus
        let thread = Thread {
            let context = g_main_context_new()
            g_main_context_push_thread_default(context)
            let retained = Unmanaged.passRetained(box).toOpaque()
            g_dbus_connection_signal_subscribe(
                connection, nil, "org.freedesktop.Notifications", "ActionInvoked",
                "/org/freedesktop/Notifications", nil, G_DBUS_SIGNAL_FLAGS_NONE, ActionBox.received, retained, nil)
            let loop = g_main_loop_new(context, 0)
            g_main_loop_run(loop)
        }
        thread.name = "notification actions"
        actionThread = thread
        thread.start()
    }

    fileprivate func url(for id: UInt32) -> String? { lock.withLock { shown[id] } }

    /// `(susssasa{sv}i)`: app name, replaces id, icon, summary, body, actions, hints, timeout.
    private static func notifyParameters(_ notification: DesktopNotification) -> OpaquePointer {
        let names: [String] = ["default", "Open card"]
        let texts = names.map { strdup($0) }
        defer { texts.forEach { free($0) } }
        let actions: [UnsafePointer<gchar>?] = texts.map { $0.map { UnsafePointer<gchar>($0) } }
        let hints: [OpaquePointer?] = [
            g_variant_new_dict_entry(
                g_variant_new_string("desktop-entry"), g_variant_new_variant(g_variant_new_string("wallet"))),
            g_variant_new_dict_entry(
                g_variant_new_string("x-wallet-url"), g_variant_new_variant(g_variant_new_string(notification.url))),
        ]
        let children: [OpaquePointer?] = [
            g_variant_new_string("Wallet"), g_variant_new_uint32(0), g_variant_new_string("wallet"),
            g_variant_new_string(notification.title), g_variant_new_string(notification.body),
            g_variant_new_strv(actions, gssize(actions.count)), g_variant_new_array(nil, hints, gsize(hints.count)),
            g_variant_new_int32(-1),
        ]
        return g_variant_new_tuple(children, gsize(children.count))
    }
}

/// What the signal callback needs: the notifier (its ids) and the handler.
///
/// `@unchecked Sendable`: a `weak var` is mutable storage, which Swift cannot prove safe to
/// share; it is set once in `init` and only read after (the runtime clears it atomically).
private final class ActionBox: @unchecked Sendable {
    weak var notifier: DesktopNotifier?
    let handler: @Sendable (String) -> Void

    init(notifier: DesktopNotifier, handler: @escaping @Sendable (String) -> Void) {
        self.notifier = notifier
        self.handler = handler
    }

    /// `ActionInvoked (u id, s action)`.
    static let received: GDBusSignalCallback = { _, _, _, _, _, parameters, context in
        guard let parameters, let context else { return }
        let box = Unmanaged<ActionBox>.fromOpaque(context).takeUnretainedValue()
        guard g_variant_n_children(parameters) == 2,
            let idValue = g_variant_get_child_value(parameters, 0),
            let actionValue = g_variant_get_child_value(parameters, 1)
        else { return }
        defer {
            g_variant_unref(idValue)
            g_variant_unref(actionValue)
        }
        let id = g_variant_get_uint32(idValue)
        let action = String(cString: g_variant_get_string(actionValue, nil))
        guard action == "default", let url = box.notifier?.url(for: id) else { return }
        box.handler(url)
    }
}
