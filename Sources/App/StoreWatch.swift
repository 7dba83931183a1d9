internal import CAdw
import WalletCore
import WidgetHost

/// Tells the app when the card database changed, whoever wrote it (this app, `wallet card edit`
/// in another process, a sync): the widget host's inotify watch on the shared container
/// (``ContainerWatch``), its descriptor added to GLib's main loop, so the app wakes on a write
/// and never polls. A wake is acted on after 3 ms of quiet (the writes of one commit arrive
/// together, as the host does), then once more 100 ms later for a commit whose write-ahead
/// index was still being updated at the first look.
final class StoreWatch {
    private let watch: ContainerWatch
    private let onDataChange: () -> Void
    private var fdSource: guint = 0
    private var settleSource: guint = 0
    private var followUpSource: guint = 0

    /// Starts watching `container`; `onDataChange` runs on the main loop after the database changed.
    init(container: SharedContainer, onDataChange: @escaping () -> Void) throws {
        watch = try ContainerWatch(container: container.url)
        self.onDataChange = onDataChange
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
        guard !watch.drain().intersection([.data, .vanished]).isEmpty else { return }
        if settleSource != 0 { g_source_remove(settleSource) }
        settleSource = after(milliseconds: 3) { $0.settleSource = 0 }
        if followUpSource != 0 { g_source_remove(followUpSource) }
        followUpSource = after(milliseconds: 100) { $0.followUpSource = 0 }
    }

    /// Runs `onDataChange` once after `milliseconds`, first clearing the source id with `clear`.
    private func after(milliseconds: guint, clear: @escaping (StoreWatch) -> Void) -> guint {
        let box = Unmanaged.passRetained(Timeout(watch: self, clear: clear)).toOpaque()
        return g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { context in
                guard let context else { return 0 }
                let timeout = Unmanaged<Timeout>.fromOpaque(context).takeUnretainedValue()
                if let watch = timeout.watch {
                    timeout.clear(watch)
                    watch.onDataChange()
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
        let clear: (StoreWatch) -> Void
        init(watch: StoreWatch, clear: @escaping (StoreWatch) -> Void) {
            self.watch = watch
            self.clear = clear
        }
    }
}
