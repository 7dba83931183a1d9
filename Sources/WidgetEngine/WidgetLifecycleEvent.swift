import Foundation
import WalletCore

/// One entry of the lifecycle log (`widget-events.jsonl`): a widget was added, configured or
/// removed. The app cannot ask which widgets exist, so the log tells it what happened.
public struct WidgetLifecycleEvent: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case added, configured, removed
    }

    /// Increases by one with every event, so a reader can ask for what came after what it saw.
    public var sequence: Int
    public var event: Kind
    public var time: Date
    public var widget: String
    public var family: WidgetFamily

    public init(sequence: Int, event: Kind, time: Date, widget: String, family: WidgetFamily) {
        self.sequence = sequence
        self.event = event
        self.time = time
        self.widget = widget
        self.family = family
    }
}

extension WidgetCenter {
    /// The log keeps this many events; older ones are dropped.
    public static let lifecycleLogLimit = 1000

    var lifecycleFile: JSONLinesFile<WidgetLifecycleEvent> {
        JSONLinesFile(url: container.file("widget-events.jsonl"), limit: Self.lifecycleLogLimit)
    }

    /// The lifecycle log, oldest first (at most ``lifecycleLogLimit`` events).
    public func lifecycleEvents() -> [WidgetLifecycleEvent] {
        lifecycleFile.read()
    }

    /// The installed widgets and the lifecycle log read together under the widgets lock, so the
    /// log never mentions a change the widget list does not show yet (or the other way round).
    /// Does not create the container.
    public func widgetsAndLifecycle() throws(WidgetError) -> (widgets: [WidgetConfiguration], events: [WidgetLifecycleEvent]) {
        try FileLock(url: lockURL).withLock { () throws(WidgetError) in
            (try widgets(), lifecycleEvents())
        }
    }

    /// Logs `kind` for `widget` with the clock's time; the caller holds the widgets lock.
    func log(_ kind: WidgetLifecycleEvent.Kind, _ widget: WidgetConfiguration) throws(WidgetError) {
        let logged = lifecycleFile.read()
        let event = WidgetLifecycleEvent(
            sequence: (logged.last?.sequence ?? 0) + 1, event: kind, time: clock.now(), widget: widget.id,
            family: widget.family)
        try lifecycleFile.write(Array((logged + [event]).suffix(Self.lifecycleLogLimit)))
    }
}
