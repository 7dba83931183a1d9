import Foundation
internal import CAdw

/// `make bench`'s view into the app, on only when `WALLET_APP_BENCH=1`: event lines that say how
/// long each frame took and when the list or a card first reached the screen, read from the
/// window's `GdkFrameClock` (bench/sections/97_app.py drives the app and reads them). Each time
/// is given twice: `ms`, wall time, and `cpu`, the main thread's own CPU time over the same
/// span (what the app did, apart from waiting for a CPU on a loaded machine).
///
/// - `{"event": "frame", "ms", "cpu"}` for each frame: from the clock's "flush-events" (input
///   handled) to its "after-paint" (drawn and handed to the display).
/// - `{"event": "stall", "ms", "cpu"}` when the main loop did not come back to a 4 ms timer for
///   more than 8 ms: work outside a frame (a search, a reload) that would delay the next one.
/// - `{"event": "drawn", "what": "list", "count", "bounds", "cpu", "renderer"}` after the first
///   frame that painted the list with cards in it (`cpu`: the main thread's since the process
///   started; `renderer`: the window's GSK renderer, "GskCairoRenderer" or "GskGLRenderer", as
///   ``RendererChoice`` or the person's `GSK_RENDERER` made GTK pick it);
///   `{"event": "drawn", "what": "code", "ms", "cpu"}` after the first frame that painted a
///   card's code, from the tap (or Enter) that opened it.
final class BenchProbe {
    /// The probe when the bench asked for it, else nil. Used on the main thread only (GTK's).
    nonisolated(unsafe) static let shared: BenchProbe? =
        ProcessInfo.processInfo.environment["WALLET_APP_BENCH"] == "1" ? BenchProbe() : nil

    /// A point in time on the wall clock and on the main thread's CPU clock, in milliseconds.
    private struct Moment {
        let wall: Double
        let cpu: Double

        static var now: Moment {
            var spent = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spent)
            return Moment(
                wall: Double(g_get_monotonic_time()) / 1000,
                cpu: Double(spent.tv_sec) * 1000 + Double(spent.tv_nsec) / 1_000_000)
        }

        /// The wall and CPU milliseconds from `start` to this moment, to the hundredth.
        func since(_ start: Moment) -> [String: any Sendable] {
            ["ms": ((wall - start.wall) * 100).rounded() / 100, "cpu": ((cpu - start.cpu) * 100).rounded() / 100]
        }
    }

    private var clock: ObjectHandle?
    private var frameStart: Moment?
    private var listCount = 0
    private var list: UnsafeMutablePointer<GtkWidget>?
    private var listReported = false
    private var tapStart: Moment?
    private var codePainted = false
    private var lastTick = Moment.now

    private init() {
        MainLoop.every(milliseconds: 4) { [weak self] in
            guard let self else { return false }
            let now = Moment.now
            if now.wall - self.lastTick.wall > 8 { AppEvents.emit("stall", now.since(self.lastTick)) }
            self.lastTick = now
            return true
        }
    }

    /// Follows `window`'s frame clock (once it is realized).
    func follow(_ window: ObjectHandle) {
        guard clock == nil, let frameClock = gtk_widget_get_frame_clock(window.widget) else { return }
        let clock = ObjectHandle(UnsafeMutableRawPointer(frameClock))
        self.clock = clock
        clock.on("flush-events") { [weak self] in self?.frameStart = Moment.now }
        clock.on("after-paint") { [weak self] in self?.framePainted() }
    }

    /// The list (`widget`) now holds `count` cards (reported after the frame that paints it,
    /// with where the list sits in the window, so the bench knows where to tap and scroll).
    func listShown(count: Int, in widget: UnsafeMutablePointer<GtkWidget>) {
        listCount = count
        list = widget
    }

    /// A card was picked: the time to its code on screen starts.
    func tapped() {
        tapStart = Moment.now
        codePainted = false
    }

    /// The card's code was drawn (in the frame being painted).
    func codeDrawn() { codePainted = true }

    private func framePainted() {
        let now = Moment.now
        if let start = frameStart { AppEvents.emit("frame", now.since(start)) }
        frameStart = nil
        if !listReported, listCount > 0 {
            listReported = true
            AppEvents.emit(
                "drawn",
                [
                    "what": "list", "count": listCount, "bounds": Self.bounds(of: list), "cpu": (now.cpu * 100).rounded() / 100,
                    "renderer": Self.renderer(of: list),
                ])
        }
        if let start = tapStart, codePainted {
            tapStart = nil
            AppEvents.emit("drawn", now.since(start).merging(["what": "code"]) { $1 })
        }
    }

    /// The type name of the renderer that draws `widget`'s window ("" before it is realized).
    private static func renderer(of widget: UnsafeMutablePointer<GtkWidget>?) -> String {
        guard let widget, let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native),
            let name = g_type_name_from_instance(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self))
        else { return "" }
        return String(cString: name)
    }

    /// Where `widget` sits in its window: x, y, width, height (empty before it is laid out).
    private static func bounds(of widget: UnsafeMutablePointer<GtkWidget>?) -> [Double] {
        var bounds = graphene_rect_t()
        guard let widget, let root = gtk_widget_get_root(widget),
            gtk_widget_compute_bounds(widget, UnsafeMutablePointer<GtkWidget>(root), &bounds) != 0
        else { return [] }
        return [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height].map(Double.init)
    }
}
