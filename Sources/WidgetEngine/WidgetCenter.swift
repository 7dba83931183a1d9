import Foundation
internal import FileOutput
import WalletCore

/// The installed widgets, stored in the shared container as `widgets.json`.
///
/// Every change happens under an exclusive lock (`widgets.lock`) and replaces the file atomically,
/// so concurrent CLI processes never lose each other's changes. Along with each widget it keeps
/// the data generation and expiry of the timeline last delivered, which says when a widget's
/// timeline must be reloaded (the `WidgetCenter.reloadTimelines` bookkeeping). Adding,
/// configuring and removing a widget also goes into the lifecycle log (`widget-events.jsonl`)
/// with the clock's time, in the same locked change.
public struct WidgetCenter: Sendable {
    let container: SharedContainer
    let clock: WalletClock

    public init(container: SharedContainer, clock: WalletClock = .system) {
        self.container = container
        self.clock = clock
    }

    var listURL: URL { container.file("widgets.json") }
    var lockURL: URL { container.file("widgets.lock") }

    /// All installed widgets, in the order they were added.
    public func widgets() throws(WidgetError) -> [WidgetConfiguration] {
        try load().widgets.map(\.configuration)
    }

    /// The widget `reference` names: its id or a unique id prefix.
    public func widget(_ reference: String) throws(WidgetError) -> WidgetConfiguration {
        try Self.match(reference, in: try widgets())
    }

    /// Installs a widget and returns it.
    @discardableResult
    public func add(family: WidgetFamily, mode: SelectionMode, cards: [CardSlot]) throws(WidgetError) -> WidgetConfiguration {
        let configuration = WidgetConfiguration(family: family, mode: mode, cards: cards)
        try mutate { list throws(WidgetError) in
            list.widgets.append(StoredWidget(configuration: configuration))
            try log(.added, configuration)
        }
        return configuration
    }

    /// Changes a widget's cards and/or mode; nil leaves that part as it is.
    @discardableResult
    public func configure(
        _ reference: String, cards: [CardSlot]?, mode: SelectionMode?
    ) throws(WidgetError) -> WidgetConfiguration {
        try mutate { list throws(WidgetError) in
            let id = try Self.match(reference, in: list.widgets.map(\.configuration)).id
            let index = list.widgets.firstIndex { $0.configuration.id == id }!
            if let cards {
                guard cards.count <= list.widgets[index].configuration.family.maxCards else {
                    throw .tooManyCards(list.widgets[index].configuration.family, count: cards.count)
                }
                list.widgets[index].configuration.cards = cards
            }
            if let mode { list.widgets[index].configuration.mode = mode }
            list.widgets[index].configuration.position = nil
            list.widgets[index].delivered = nil
            try log(.configured, list.widgets[index].configuration)
            return list.widgets[index].configuration
        }
    }

    /// Uninstalls a widget and returns what it was.
    @discardableResult
    public func remove(_ reference: String) throws(WidgetError) -> WidgetConfiguration {
        try mutate { list throws(WidgetError) in
            let removed = try Self.match(reference, in: list.widgets.map(\.configuration))
            list.widgets.removeAll { $0.configuration.id == removed.id }
            try log(.removed, removed)
            return removed
        }
    }

    /// Moves a one-card widget to the position `step` computes from its stored configuration
    /// (read under the lock, so quick taps in a row each take effect).
    @discardableResult
    public func step(
        _ id: String, _ step: (WidgetConfiguration) throws(WidgetError) -> CardPosition
    ) throws(WidgetError) -> CardPosition {
        try mutate { list throws(WidgetError) in
            guard let index = list.widgets.firstIndex(where: { $0.configuration.id == id }) else {
                throw .unknownWidget(id)
            }
            let position = try step(list.widgets[index].configuration)
            list.widgets[index].configuration.position = position
            return position
        }
    }

    /// Reloads the widget a button's intent just changed, at once and outside the reload budget:
    /// its delivered timeline is forgotten (the next `widget render` rebuilds it) and a running
    /// host is asked to re-render it with reason `intent`.
    public func reloadAfterIntent(_ id: String) throws(WidgetError) {
        try mutate { list in
            for index in list.widgets.indices where list.widgets[index].configuration.id == id {
                list.widgets[index].delivered = nil
            }
        }
        try requestReload(id, reason: .intent)
    }

    /// The ids of the widgets whose timeline must be rebuilt: never delivered, configuration
    /// changed since, the app reported a data change (generation differs), or the policy expired.
    public func widgetsNeedingReload(generation: Int64, now: Date) throws(WidgetError) -> Set<String> {
        Set(
            try load().widgets.filter { stored in
                guard let delivered = stored.delivered else { return true }
                if delivered.generation != generation { return true }
                if let expiry = delivered.expiry, now >= expiry { return true }
                return false
            }.map(\.configuration.id))
    }

    /// Records that each timeline was delivered to its widget (keyed by id) at data `generation`.
    /// Writes only when something changed, so unchanged widgets cost a read.
    public func recordDeliveries(_ timelines: [String: Timeline], generation: Int64) throws(WidgetError) {
        let deliveries = timelines.mapValues { Delivery(generation: generation, timeline: $0) }
        func isRecorded(_ list: WidgetList) -> Bool {
            list.widgets.allSatisfy { stored in
                deliveries[stored.configuration.id].map { $0 == stored.delivered } ?? true
            }
        }
        guard !isRecorded(try load()) else { return }
        try mutate { list in
            for index in list.widgets.indices {
                if let delivery = deliveries[list.widgets[index].configuration.id] {
                    list.widgets[index].delivered = delivery
                }
            }
        }
    }

    static func match(_ reference: String, in widgets: [WidgetConfiguration]) throws(WidgetError) -> WidgetConfiguration {
        let key = reference.lowercased()
        if let exact = widgets.first(where: { $0.id == key }) { return exact }
        let prefixed = key.isEmpty ? [] : widgets.filter { $0.id.hasPrefix(key) }
        if prefixed.count == 1 { return prefixed[0] }
        if prefixed.count > 1 { throw .ambiguousWidget(reference, matches: prefixed.count) }
        throw .unknownWidget(reference)
    }

    /// The largest `widgets.json` read: thousands of widgets take far less.
    static let listSizeLimit = 4 * 1024 * 1024

    private func load() throws(WidgetError) -> WidgetList {
        // No file is no widget yet; an unusable container is an error, as on the card side.
        let bytes: [UInt8]?
        do throws(FileError) {
            bytes = try PrivatePaths.readOwnedFile(listURL.path, limit: Self.listSizeLimit)
        } catch {
            throw .storage(UnderlyingError(error))
        }
        guard let bytes else { return WidgetList(widgets: []) }
        let data = Data(bytes)
        let list: WidgetList
        do {
            list = try JSONDecoder.widgetList.decode(WidgetList.self, from: data)
        } catch DecodingError.dataCorrupted {
            throw .corruptStore(path: listURL.path, detail: "not valid JSON")
        } catch {
            throw .corruptStore(path: listURL.path, detail: "not a list of widgets in the expected format")
        }
        // Ids become file names (`render --all`, the snapshot cache): only a UUID may pass, so
        // an id such as `../notes` can never name a path outside the output directory.
        if let bad = list.widgets.first(where: { UUID(uuidString: $0.configuration.id)?.lowercasedText != $0.configuration.id }) {
            throw .corruptStore(
                path: listURL.path,
                detail:
                    "widget id '\(bad.configuration.id.prefix(40))' is not a lower-case UUID (remove that widget from the file)")
        }
        return list
    }

    /// Runs `body` holding the widgets lock (creating the container when missing).
    func withLock<T>(_ body: () throws(WidgetError) -> T) throws(WidgetError) -> T {
        do {
            try container.prepare()
        } catch {
            throw .storage(
                UnderlyingError(error, description: "cannot create \(container.url.path): \(error.localizedDescription)"))
        }
        return try FileLock(url: lockURL).withLock(body)
    }

    private func mutate<T>(_ change: (inout WidgetList) throws(WidgetError) -> T) throws(WidgetError) -> T {
        try withLock { () throws(WidgetError) -> T in
            var list = try load()
            let result = try change(&list)
            let data: Data
            do {
                data = try JSONEncoder.widgetList.encode(list)
            } catch {
                throw .storage(UnderlyingError(error, description: "cannot encode widgets: \(error)"))
            }
            do throws(FileError) {
                // Private to the owner; not synced, like the rest of the widget bookkeeping.
                try AtomicFile.write([UInt8](data), to: listURL.path, permissions: 0o600, durable: false, owned: true)
            } catch {
                throw .storage(UnderlyingError(error))
            }
            return result
        }
    }
}
