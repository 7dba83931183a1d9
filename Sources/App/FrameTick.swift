internal import CAdw

/// Work done a little at a time, once per frame of a widget's frame clock (GTK's tick callback:
/// before the frame's layout, so what it changes is laid out and painted in the same frame).
/// `body` runs each frame until it returns false or ``stop()`` is called.
final class FrameTick {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var id: guint = 0
    private let body: () -> Bool

    /// Starts ticking on `widget` (which must outlive the tick or stop it first).
    init(on widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping () -> Bool) {
        self.widget = widget
        self.body = body
        id = gtk_widget_add_tick_callback(
            widget,
            { _, _, context in
                guard let context else { return 0 }
                let tick = Unmanaged<FrameTick>.fromOpaque(context).takeUnretainedValue()
                let goOn = tick.body()
                if !goOn { tick.id = 0 }
                return goOn ? 1 : 0
            }, Unmanaged.passRetained(self).toOpaque(),
            { context in
                guard let context else { return }
                Unmanaged<FrameTick>.fromOpaque(context).release()
            })
    }

    /// True while the tick still runs.
    var isRunning: Bool { id != 0 }

    /// Stops the tick before its next frame.
    func stop() {
        guard id != 0 else { return }
        gtk_widget_remove_tick_callback(widget, id)
        id = 0
    }
}
