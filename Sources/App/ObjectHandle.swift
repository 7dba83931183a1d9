internal import CAdw

/// A GObject (a widget, the application, a toast) the Swift side keeps: one reference taken at
/// init (a floating reference is sunk) and dropped in deinit, so the pointer stays valid for as
/// long as the Swift object lives, whoever else holds the object.
final class ObjectHandle {
    /// The object, as GLib's `gpointer`.
    let pointer: UnsafeMutableRawPointer

    /// Takes a reference to `pointer` (sinking it when floating).
    init(_ pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    deinit { g_object_unref(pointer) }

    /// The object as the typed pointer a C function takes (GTK's public instance structs).
    func typed<T>() -> UnsafeMutablePointer<T> { pointer.assumingMemoryBound(to: T.self) }

    /// The object as the opaque pointer a C function takes (GTK's final types).
    var opaque: OpaquePointer { OpaquePointer(pointer) }

    /// The object as a `GtkWidget *`.
    var widget: UnsafeMutablePointer<GtkWidget> { typed() }

    /// Calls `action` with the signal's one `guint` argument (GtkListView's "activate": a position).
    func on(_ signal: String, withPosition action: @escaping (UInt32) -> Void) {
        SignalConnection.connect(pointer, signal, SignalConnection.Action(position: action))
    }

    /// Calls `action` with GApplication's "open" arguments: the `GFile **` array and its count.
    func on(_ signal: String, withFiles action: @escaping (UnsafeMutableRawPointer?, Int32) -> Void) {
        SignalConnection.connect(pointer, signal, SignalConnection.Action(files: action))
    }

    /// Runs `body` (which gives the widget to a parent) while this handle surely lives: a
    /// handle released before its widget has a parent would free the widget.
    func handOver(_ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        withExtendedLifetime(self) { body(widget) }
    }

    /// Calls `action` each time the object emits `signal` (a signal whose handler takes the
    /// instance and the user data only: "clicked", "activate", "search-changed", ...).
    func on(_ signal: String, _ action: @escaping () -> Void) {
        SignalConnection.connect(pointer, signal, SignalConnection.Action(plain: action))
    }

    /// Calls `action` with the signal's one pointer argument ("row-activated": the row).
    func on(_ signal: String, withArgument action: @escaping (UnsafeMutableRawPointer?) -> Void) {
        SignalConnection.connect(pointer, signal, SignalConnection.Action(argument: action))
    }
}

/// The raw `gpointer` of a typed GTK pointer.
func raw<T>(_ pointer: UnsafeMutablePointer<T>?) -> UnsafeMutableRawPointer {
    guard let pointer else { fatalError("GTK returned NULL for a new object (out of memory)") }
    return UnsafeMutableRawPointer(pointer)
}

/// The raw `gpointer` of an opaque GTK pointer.
func raw(_ pointer: OpaquePointer?) -> UnsafeMutableRawPointer {
    guard let pointer else { fatalError("GTK returned NULL for a new object (out of memory)") }
    return UnsafeMutableRawPointer(pointer)
}
