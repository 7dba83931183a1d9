import Foundation
import WalletCore
import WidgetEngine
import WidgetRenderer

/// The home screen's part: holds every installed widget's timeline and keeps the output
/// directory current. It reacts to what the container watch reports (``handle(_:)``) and to
/// what falls due on the clock (``runDue()``); ``HostLoop`` decides when to call which.
///
/// Event lines are queued while a batch of work runs and printed once the files and the
/// manifest they describe are in place.
final class WidgetHost {
    /// One installed widget as the host holds it.
    struct Hosted {
        var configuration: WidgetConfiguration
        var schedule: WidgetSchedule
        /// The cache key of the entry last rendered (nil: nothing rendered yet).
        var snapshotKey: String?
        /// The manifest entry of the snapshot in the output directory.
        var record: Manifest.Widget?
    }

    let container: SharedContainer
    let center: WidgetCenter
    var reader: CardReader
    let clock: WalletClock
    let settings: HostSettings
    let output: OutputDirectory
    let cache: SnapshotCache
    /// True once a stop signal arrived: work stops after the file in hand.
    let shouldStop: () -> Bool

    var hosted: [String: Hosted] = [:]
    /// Installed widget ids in the order they were added.
    var order: [String] = []
    var generation: Int64?
    var lastSequence = 0
    var pending: [EventLine] = []
    var lastError: String?
    /// How many errors were reported (repeats included): `--once` exits non-zero when any was.
    var errorsReported = 0
    /// Pulls and reminders, run on the host's clock.
    let chores: [any HostChore]
    /// False while the widget store could not be read since start: the manifest from before is
    /// then left as it is rather than replaced by an empty one.
    var knowsWidgets = true
    /// Phosh's ticket box, when the host keeps one (``HostSettings/ticketBox``).
    var ticketBox: TicketBox?

    init(
        container: SharedContainer, clock: WalletClock, settings: HostSettings, output: OutputDirectory,
        chores: [any HostChore] = [], shouldStop: @escaping () -> Bool
    ) throws {
        self.chores = chores
        self.container = container
        center = WidgetCenter(container: container, clock: clock)
        reader = try CardReader(container: container)
        self.clock = clock
        self.settings = settings
        self.output = output
        cache = SnapshotCache(containerURL: container.url)
        ticketBox = settings.ticketBox.map { TicketBox(folder: $0, temporaries: output.temporaries) }
        self.shouldStop = shouldStop
    }

    /// Renders every installed widget (reason `start`), removes snapshots of widgets that are
    /// gone and writes the manifest. Requests made while no host ran are served by this render.
    func start() {
        lastSequence = center.lifecycleEvents().last?.sequence ?? 0
        _ = try? center.takeReloadRequests()
        output.removeLeftovers()
        let configurations: [WidgetConfiguration]
        do {
            configurations = try center.widgets()
            // Only a store that could be read says which snapshots are stale.
            output.removeSnapshots(except: Set(configurations.map(\.id)))
        } catch {
            report(error)
            configurations = []
            knowsWidgets = false
        }
        order = configurations.map(\.id)
        generation = try? reader.dataGeneration()
        if let provider = makeProvider() {
            for configuration in configurations where !shouldStop() {
                install(configuration, provider: provider, reason: .start)
            }
        }
        finishBatch()
    }

    /// Reacts to a change in the container.
    func handle(_ change: ContainerChange) {
        if change.contains(.vanished) {
            report("the wallet container \(container.url.path) is gone: widgets keep their last snapshots until it is back")
        }
        if change == .everything, let fresh = try? CardReader(container: container) {
            reader = fresh  // the container came back: the old database handle may be a deleted file
        }
        if change.contains(.widgets) { refreshWidgets() }
        if change.contains(.requests) { serveRequests() }
        if change.contains(.data) { refreshData() }
        finishBatch()
    }

    /// Shows entries whose date arrived, runs policy reloads the budget allows, and runs the
    /// chores that are due (a chore that changed cards re-renders at once, reason `update`).
    func runDue() {
        let now = clock.now()
        var updated = Set<UUID>()
        for chore in chores where !shouldStop() && (chore.nextDue(after: now, cards: reader).map { $0 <= now } ?? false) {
            let result = chore.run(at: now, cards: reader)
            pending += result.events
            updated.formUnion(result.updatedCards)
        }
        if !updated.isEmpty { refreshData(reason: .update, showing: updated) }
        var provider: TimelineProvider?
        for id in order where !shouldStop() {
            while var widget = hosted[id], let action = widget.schedule.due(at: now) {
                hosted[id] = widget
                switch action {
                case .showEntry:
                    render(id, reason: .entry, force: true)
                case .reload:
                    provider = provider ?? makeProvider()
                    if let provider { rebuild(id, provider: provider, reason: .policy, force: true) }
                case .budgetExhausted(let until):
                    pending.append(.budgetExhausted(id, until: until))
                }
            }
        }
        finishBatch()
    }

    /// When something is next due on the clock; nil when only a change in the container can
    /// cause work.
    func nextWake() -> Date? {
        let now = clock.now()
        return
            (hosted.values.compactMap { $0.schedule.nextWake(after: now) }
            + chores.compactMap { $0.nextDue(after: now, cards: reader) }).min()
    }

    /// Widgets added, configured or removed: lifecycle lines from the log, files of removed
    /// widgets deleted, new and changed widgets rendered (reason `configuration`).
    private func refreshWidgets() {
        let configurations: [WidgetConfiguration]
        let logged: [WidgetLifecycleEvent]
        do {
            (configurations, logged) = try center.widgetsAndLifecycle()
        } catch {
            return report(error)
        }
        knowsWidgets = true
        let events = logged.filter { $0.sequence > lastSequence }
        lastSequence = events.last?.sequence ?? lastSequence
        var announced = Set(events.map { "\($0.event.rawValue) \($0.widget)" })
        func announce(_ kind: WidgetLifecycleEvent.Kind, _ id: String) {
            if announced.insert("\(kind.rawValue) \(id)").inserted { pending.append(.lifecycle(kind, widget: id)) }
        }
        pending += events.map { .lifecycle($0.event, widget: $0.widget) }
        let current = Set(configurations.map(\.id))
        for id in order where !current.contains(id) {
            hosted[id] = nil
            announce(.removed, id)
        }
        output.removeSnapshots(except: current)
        order = configurations.map(\.id)
        // A button stepped to another card: not a reconfiguration. The intent's reload request
        // (served after this) renders the new position with reason `intent`.
        for configuration in configurations
        where hosted[configuration.id]?.configuration.differsOnlyInPosition(from: configuration) == true {
            hosted[configuration.id]?.configuration = configuration
        }
        let touched = Set(events.filter { $0.event != .removed }.map(\.widget))
        let changed = configurations.filter { hosted[$0.id]?.configuration != $0 || touched.contains($0.id) }
        guard !changed.isEmpty, let provider = makeProvider() else { return }
        for configuration in changed where !shouldStop() {
            announce(hosted[configuration.id] == nil ? .added : .configured, configuration.id)
            install(configuration, provider: provider, reason: .configuration)
        }
    }

    /// Reload requests (a widget button's intent): each named widget gets a new timeline now.
    private func serveRequests() {
        let requests: [ReloadRequest]
        do {
            requests = try center.takeReloadRequests()
        } catch {
            return report(error)
        }
        guard !requests.isEmpty, let provider = makeProvider() else { return }
        var served = Set<String>()
        for request in requests where !shouldStop() && served.insert("\(request.widget) \(request.reason)").inserted {
            guard let id = hostedID(request.widget) else {
                report("reload request for unknown widget '\(request.widget)' ignored: see wallet widget list")
                continue
            }
            rebuild(id, provider: provider, reason: request.reason, force: true)
        }
    }

    /// A new data generation: every widget's timeline is rebuilt, and those whose snapshot
    /// changed are rendered (reason `data`, or `sync` when the latest change came from a sync).
    /// Bursts of commits cost one look each. After a pull (reason `update`) the widgets
    /// `showing` an updated card are rendered in any case.
    private func refreshData(reason: ReloadReason = .data, showing updated: Set<UUID> = []) {
        let latest: Int64
        do {
            latest = try reader.dataGeneration()
        } catch {
            if let fresh = try? CardReader(container: container) { reader = fresh }
            return report("cannot read cards: \(error)")
        }
        // A pull's cards render even when a data wake already took their generation.
        guard latest != generation || !updated.isEmpty, let provider = makeProvider() else { return }
        generation = latest
        let reason = reason == .data && (try? reader.syncedGeneration()) == latest ? .sync : reason
        for id in order where !shouldStop() {
            let shows = hosted[id]?.schedule.entry.cards.contains { updated.contains($0.id) } ?? false
            rebuild(id, provider: provider, reason: reason, force: shows)
        }
    }

    private func hostedID(_ reference: String) -> String? {
        if hosted[reference] != nil { return reference }
        let matches = order.filter { $0.hasPrefix(reference.lowercased()) && hosted[$0] != nil }
        return matches.count == 1 ? matches[0] : nil
    }

    /// A timeline provider over the cards as they are now, or nil (reported) when they cannot be read.
    func makeProvider() -> TimelineProvider? {
        do {
            return TimelineProvider(reader: try InMemoryCards(reading: reader), clock: clock)
        } catch {
            report(error)
            return nil
        }
    }

    /// Queues an error line, once per distinct message in a row.
    func report(_ error: any Error) {
        report(String(describing: error))
    }

    func report(_ message: String) {
        errorsReported += 1
        guard message != lastError else { return }
        lastError = message
        pending.append(.error(message))
    }
}
