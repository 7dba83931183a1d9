import Foundation
internal import CAdw

/// Mouse-wheel scrolling of a scrolled window, applied once per frame. GTK 4.8's scrolled window
/// moves its adjustment on every wheel event, and a fast wheel sends several between two
/// frames; each move makes GTK 4.8's list view find its new anchor row from row heights it has
/// not laid out yet (rows bound since the last layout count as 0 px high), so a second move in
/// the same frame lands far from the first, the list binds its ~200 rows anew there and again
/// back on the next move: a frame of 10-20 ms. Here the wheel's steps are added up and the
/// adjustment moved once, in the next frame's update phase, right before its layout, by the
/// same distance GTK uses (the page size to the power 2/3 per detent). Wheel events with Shift
/// or Control held, and touchpad and touch scrolling (in pixels, with their kinetic ends), are
/// left to GTK.
final class WheelScroll {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let adjustment: ObjectHandle
    private var pending = 0.0
    private var tick: FrameTick?

    /// Takes over the wheel of `scrolled` (a `GtkScrolledWindow`) whose vertical adjustment is
    /// `adjustment`.
    init(of scrolled: ObjectHandle, adjustment: ObjectHandle) {
        widget = scrolled.widget
        self.adjustment = adjustment
        let controller = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let handler: @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = {
            controller, _, dy, context in
            guard let controller, let context else { return 0 }
            return Unmanaged<WheelScroll>.fromOpaque(context).takeUnretainedValue().scrolled(controller, by: dy) ? 1 : 0
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(controller), "scroll", unsafeBitCast(handler, to: GCallback.self),
            Unmanaged.passRetained(self).toOpaque(),
            { context, _ in
                guard let context else { return }
                Unmanaged<WheelScroll>.fromOpaque(context).release()
            }, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(scrolled.widget, controller)
    }

    /// A wheel event: its steps wait for the next frame. True when it is taken over.
    private func scrolled(_ controller: OpaquePointer, by steps: Double) -> Bool {
        let held = gtk_event_controller_get_current_event_state(controller).rawValue
        guard steps != 0, gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL,
            held & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue) == 0
        else { return false }
        pending += steps
        if tick?.isRunning != true { tick = FrameTick(on: widget) { [weak self] in self?.move() ?? false } }
        return true
    }

    /// Moves the adjustment by the steps added up since the last frame; false: the tick is done.
    private func move() -> Bool {
        let adjustment: UnsafeMutablePointer<GtkAdjustment> = self.adjustment.typed()
        let value = Self.value(
            after: pending, from: gtk_adjustment_get_value(adjustment), page: gtk_adjustment_get_page_size(adjustment),
            lower: gtk_adjustment_get_lower(adjustment), upper: gtk_adjustment_get_upper(adjustment))
        pending = 0
        gtk_adjustment_set_value(adjustment, value)
        return false
    }

    /// Where `steps` wheel detents take a scroll position `value` (GTK 4.8's own step: the page
    /// size to the power 2/3 per detent), kept between `lower` and `upper` less a page.
    static func value(after steps: Double, from value: Double, page: Double, lower: Double, upper: Double) -> Double {
        let target = value + steps * pow(page, 2.0 / 3.0)
        return min(max(target, lower), max(lower, upper - page))
    }
}
