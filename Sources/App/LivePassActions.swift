import Foundation
internal import CAdw
import WalletCore

/// What a live pass's "Update now" and "History" do. "Update now" pulls the card as `wallet card
/// update CARD` does (``LivePassPull``, on a thread of its own: the page stays usable, and a
/// result that comes after the page was left only toasts) and shows `card update`'s line as a
/// toast. "History" lists the card's versions as `wallet card history` does, oldest first, each
/// with "Revert" (but the newest, which is the card as it is): `card revert`'s one transaction,
/// with an "Undo" toast that brings back the version it replaced.
final class LivePassActions {
    private let window: MainWindow
    private let repository: CardRepository
    private let clock: WalletClock
    private var dialog: ObjectHandle?
    /// A card changed here (a pull applied or a version brought back): show it afresh.
    var onChanged: ((UUID) -> Void)?

    init(window: MainWindow, repository: CardRepository, clock: WalletClock) {
        self.window = window
        self.repository = repository
        self.clock = clock
        window.card.livePass.update.on("clicked") { [weak self] in self?.update() }
        window.card.livePass.history.on("clicked") { [weak self] in self?.showHistory() }
    }

    private func update() {
        let bar = window.card.livePass
        guard let card = window.card.extras.card, !bar.isPulling(card.id) else { return }
        let (id, store, container, clock) = (card.id, card.store, repository.container, clock)
        bar.setPulling(id, true)
        AppEvents.emit("update", ["card": id.lowercasedText, "status": "started"])
        MainLoop.background({ LivePassPull.pull(id, store: store, container: container, clock: clock) }) {
            [weak self] outcome in
            guard let self else { return }
            self.window.card.livePass.setPulling(id, false)
            if outcome.status == .changed { self.onChanged?(id) }
            self.window.toast(outcome.line, wrapping: true)
            AppEvents.emit("update", ["card": id.lowercasedText, "status": outcome.status.rawValue, "line": outcome.line])
        }
    }

    private func showHistory() {
        guard let card = window.card.extras.card else { return }
        let versions: [CardVersion]
        do {
            versions = try repository.history(of: card.id)
        } catch {
            window.toast(tr("The history cannot be read: %@", "\(error)"))
            return
        }
        let list = ObjectHandle(raw(gtk_list_box_new()))
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list.widget, "boxed-list")
        for version in versions {
            let row = VersionRow(version)
            if let current = versions.last?.version, version.version != current {
                let revert = Widgets.button(tr("Revert"), classes: ["flat"])
                wallet_accessible_set_label(revert.widget, tr("Revert to version %@", "\(version.version)"))
                gtk_widget_set_valign(revert.widget, GTK_ALIGN_CENTER)
                revert.on("clicked") { [weak self] in
                    self?.revert(card, to: version.version, replacing: current)
                }
                adw_action_row_add_suffix(row.handle.typed(), revert.widget)
            }
            gtk_list_box_append(list.opaque, row.handle.widget)
        }
        let scrolled = ObjectHandle(raw(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(scrolled.opaque, 1)
        // GTK measures the rows' natural height before their subtitles wrap: at least room for
        // a few rows, so a phone does not get one row and a half.
        gtk_scrolled_window_set_min_content_height(scrolled.opaque, Int32(min(versions.count, 4) * 76))
        gtk_scrolled_window_set_max_content_height(scrolled.opaque, 420)
        gtk_scrolled_window_set_child(scrolled.opaque, list.widget)

        let dialog = ObjectHandle(
            raw(
                adw_message_dialog_new(
                    window.window.typed(), tr("History of “%@”", card.store),
                    versions.isEmpty ? tr("No versions yet: only cards imported from a pass keep versions.") : nil)))
        adw_message_dialog_add_response(dialog.typed(), "close", tr("Close"))
        adw_message_dialog_set_close_response(dialog.typed(), "close")
        scrolled.handOver { adw_message_dialog_set_extra_child(dialog.typed(), $0) }
        dialog.on("response", withArgument: { [weak self] _ in self?.dialog = nil })
        self.dialog = dialog
        gtk_window_present(dialog.typed())
        AppEvents.emit("history", ["card": card.id.lowercasedText, "versions": versions.count])
    }

    /// Brings back version `version` of `card` (as `card revert`); "Undo" brings back `current`,
    /// the version it replaced.
    private func revert(_ card: Card, to version: Int, replacing current: Int) {
        if let dialog { gtk_window_close(dialog.typed()) }  // answers its close response
        guard bringBack(card.id, version) else { return }
        var undone = false
        window.toast(
            tr("Back to version %@", "\(version)"), button: tr("Undo"),
            onButton: { [weak self] in
                guard !undone, let self else { return }
                undone = true
                if self.bringBack(card.id, current) { AppEvents.emit("undone", ["card": card.id.lowercasedText]) }
            })
    }

    /// `card revert`: version `version` of card `id` as a new version, in one transaction; false
    /// (with a toast) when it could not be saved.
    private func bringBack(_ id: UUID, _ version: Int) -> Bool {
        do {
            let changes = try repository.revert(id, to: version)
            AppEvents.emit(
                "reverted",
                ["card": id.lowercasedText, "version": version, "changes": changes.map(\.text).joined(separator: "; ")])
            onChanged?(id)
            return true
        } catch {
            window.toast(tr("Not saved: %@", "\(error)"))
            return false
        }
    }
}
