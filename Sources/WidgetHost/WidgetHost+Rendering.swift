import Foundation
import WalletCore
import WidgetEngine
import WidgetRenderer

extension WidgetHost {
    /// Holds `configuration` with a fresh timeline and renders it for `reason`.
    func install(_ configuration: WidgetConfiguration, provider: TimelineProvider, reason: ReloadReason) {
        let timeline: Timeline
        do {
            timeline = try provider.timeline(for: configuration)
        } catch {
            return report("widget \(configuration.id): \(error)")
        }
        let budget = hosted[configuration.id]?.schedule.budget ?? ReloadBudget(limit: settings.budget)
        var widget = Hosted(configuration: configuration, schedule: WidgetSchedule(timeline: timeline, budget: budget))
        if let previous = hosted[configuration.id], previous.configuration.family == configuration.family {
            widget.record = previous.record
        }
        hosted[configuration.id] = widget
        render(configuration.id, reason: reason, force: true)
    }

    /// Gives widget `id` a new timeline from `provider` and renders its first entry.
    func rebuild(_ id: String, provider: TimelineProvider, reason: ReloadReason, force: Bool) {
        guard var widget = hosted[id] else { return }
        do {
            widget.schedule.replace(with: try provider.timeline(for: widget.configuration))
        } catch {
            return report("widget \(id): \(error)")
        }
        hosted[id] = widget
        render(id, reason: reason, force: force)
    }

    /// Draws widget `id`'s current entry into the output directory. The file is replaced only
    /// when its bytes change; a `rendered` line is queued when they did or `force` says the
    /// reason is worth reporting anyway (everything but `data`). An entry whose cache key
    /// matches the one last drawn is not drawn again.
    func render(_ id: String, reason: ReloadReason, force: Bool) {
        guard var widget = hosted[id] else { return }
        let entry = widget.schedule.entry
        let file = output.file(for: widget.configuration)
        let key = SnapshotKey(entry: entry, options: settings.options).digest
        if !force, key == widget.snapshotKey, var record = widget.record {
            record.entryDate = ISO8601.format(entry.date)
            record.nextReload = widget.schedule.policyDate.map(ISO8601.format)
            record.relevance = Manifest.RelevanceRecord(score: entry.relevance.score, duration: entry.relevance.duration)
            widget.record = record
            hosted[id] = widget
            return
        }
        do {
            // Only the cache and the renderer are used for a given entry: the provider reads nothing.
            let snapshotter = WidgetSnapshotter(
                provider: TimelineProvider(reader: reader, clock: clock), renderer: .live, cache: cache)
            let snapshot = try snapshotter.snapshot(of: entry, options: settings.options)
            try output.write(snapshot.png, to: file)
            let record = Manifest.Widget(
                configuration: widget.configuration, file: file, png: snapshot.png, tapMap: snapshot.tapMap,
                entry: entry, nextReload: widget.schedule.policyDate, options: settings.options)
            let changed = record.sha256 != widget.record?.sha256
            widget.snapshotKey = key
            widget.record = record
            hosted[id] = widget
            if force || changed {
                pending.append(.rendered(id, reason: reason, file: file, entryDate: entry.date))
                publish()  // each snapshot is announced as soon as it is in place, not after the batch
            }
        } catch {
            report("widget \(id): \(error)")
        }
    }

    /// Ends a batch of work: ``publish()``, then the delivery bookkeeping in `widgets.json`
    /// (so `widget list` knows what the widgets show), then the memory the batch freed goes
    /// back to the system (``FreedMemory``), so an idle host holds only what it needs; the next
    /// batch's first render releases the clean code pages again (``CleanPages``).
    func finishBatch() {
        showTickets()
        publish()
        recordDeliveries()
        FreedMemory.release()
        CleanPages.releaseBeforeNextRender()
    }

    /// Writes the manifest (after the files it names; only when its bytes change), then prints
    /// the queued event lines.
    func publish() {
        do {
            if knowsWidgets { try output.write(Manifest(widgets: order.compactMap { hosted[$0]?.record })) }
        } catch {
            report(error)
        }
        if !pending.contains(where: { $0.event == "error" }) { lastError = nil }
        for line in pending { line.print() }
        pending.removeAll()
    }

    /// Keeps the ticket box showing the cards of the lock-screen widgets' current entries.
    private func showTickets() {
        guard knowsWidgets, var box = ticketBox else { return }
        let entries = order.compactMap { hosted[$0] }
            .filter { $0.configuration.family.isAccessory && $0.schedule.entry.kind == .timeline }
            .map(\.schedule.entry)
        let logos = entries.reduce(into: [UUID: Data]()) { logos, entry in logos.merge(entry.logos) { first, _ in first } }
        pending += box.show(entries.flatMap(\.cards), logos: logos)
        ticketBox = box
    }

    private func recordDeliveries() {
        guard let generation else { return }
        let timelines = Dictionary(hosted.map { ($0.key, $0.value.schedule.timeline) }, uniquingKeysWith: { first, _ in first })
        do {
            try center.recordDeliveries(timelines, generation: generation)
        } catch {
            report(error)
        }
    }
}
