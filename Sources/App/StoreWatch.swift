internal import CAdw
import WalletCore
import WidgetHost

/// Tells the app when the card database or the widget configuration changed, whoever wrote it
/// (this app, `wallet card edit` or `wallet widget configure` in another process, a sync): the
/// widget host's inotify watch on the shared container (``ContainerWatch``), its descriptor
/// added to GLib's main loop, so the app wakes on a write and never polls. A wake is acted on
/// after 3 ms of quiet (the writes of one commit arrive together, as the host does), then, for
/// the database, once more 100 ms later for a commit whose write-ahead index was still being
/// updated at the first look.
final class StoreWatch {
    private let watch: ContainerWatch
    private let onChange: (ContainerChange) -> Void
    /// What changed since the last report.
    private var pending: ContainerChange = []
    private var fdSource: guint = 0
    private var settleSource: guint = 0
    private var followUpSource: guint = 0

    /// Starts watching `container`; `onChange` runs on the main loop with what changed: `.data`
    /// (the database, or the container vanished) and `.widgets` (the widget configuration).
    init(container: SharedContainer, onChange: @escaping (ContainerChange) -> Void) throws {
        watch = try ContainerWatch(container: container.url)
        self.onChange = onChange
        let context = Unmanaged.passUnretained(self).toOpaque()
        fdSource = g_unix_fd_add(
            watch.descriptor, G_IO_IN,
            { _, _, context in
                guard let context else { return 0 }
                Unmanaged<StoreWatch>.fromOpaque(context).takeUnretainedValue().descriptorReadable()
                return 1
            }, context)
    }

    deinit {
        for source in [fdSource, settleSource, followUpSource] where source != 0 { g_source_remove(source) }
    }

    private func descriptorReadable() {
        var change = watch.drain().intersection([.data, .widgets, .vanished])
        if change.contains(.vanished) { change = change.subtracting(.vanished).union(.data) }
        guard !change.isEmpty else { return }
        pending.formUnion(change)
        if settleSource != 0 { g_source_remove(settleSource) }
        settleSource = after(milliseconds: 3) { watch in
            watch.settleSource = 0
            defer { watch.pending = [] }
            return watch.pending
        }
        guard change.contains(.data) else { return }
        if followUpSource != 0 { g_source_remove(followUpSource) }
        followUpSource = after(milliseconds: 100) { watch in
            watch.followUpSource = 0
            return .data
        }
    }

    /// Runs `onChange` once after `milliseconds` with what `take` returns (it also clears the
    /// source id).
    private func after(milliseconds: guint, take: @escaping (StoreWatch) -> ContainerChange) -> guint {
        let box = Unmanaged.passRetained(Timeout(watch: self, take: take)).toOpaque()
        return g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { context in
                guard let context else { return 0 }
                let timeout = Unmanaged<Timeout>.fromOpaque(context).takeUnretainedValue()
                if let watch = timeout.watch {
                    let change = timeout.take(watch)
                    if !change.isEmpty { watch.onChange(change) }
                }
                return 0
            }, box,
            { context in
                guard let context else { return }
                Unmanaged<Timeout>.fromOpaque(context).release()
            })
    }

    /// A pending look, holding its watch weakly.
    private final class Timeout {
        weak var watch: StoreWatch?
        let take: (StoreWatch) -> ContainerChange
        init(watch: StoreWatch, take: @escaping (StoreWatch) -> ContainerChange) {
            self.watch = watch
            self.take = take
        }
    }
}
