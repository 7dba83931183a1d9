import Foundation
internal import CAdw
import WalletCore

/// The card page's row for a live pass (one whose issuer keeps it current through its web
/// service, `LivePass.isLive`: what `wallet card update` can pull): the buttons "Update now" and
/// "History", with "Updating…" under them while a pull runs. Hidden for any other card. A still
/// label rather than a spinner, as on the sync page: a spinner redraws the window every frame
/// for as long as the issuer takes to answer.
final class LivePassBar {
    let handle: ObjectHandle
    let update: ObjectHandle
    let history: ObjectHandle
    private let running: ObjectHandle
    /// The cards being pulled (a pull goes on when the page shows another card or the list).
    private var pulling: Set<UUID> = []
    /// The card on the page.
    private var shown: UUID?

    init() {
        handle = Widgets.box(vertical: true, spacing: 6)
        // "Updating…" under the buttons, not beside them: the row stays within a 360 px phone in German.
        let buttons = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_CENTER)
        update = Widgets.button(tr("Update now"))
        history = Widgets.button(tr("History"))
        running = Widgets.label(tr("Updating…"), classes: ["dim-label"])
        Widgets.append(update, to: buttons)
        Widgets.append(history, to: buttons)
        Widgets.append(buttons, to: handle)
        Widgets.append(running, to: handle)
        gtk_widget_set_visible(running.widget, 0)
        gtk_widget_set_visible(handle.widget, 0)
    }

    /// Shows the row for `card` when it is a live pass (hides it otherwise), busy while a pull
    /// of it runs.
    func show(_ card: Card) {
        shown = card.id
        gtk_widget_set_visible(handle.widget, card.pass?.isLive == true ? 1 : 0)
        showBusy()
    }

    /// A pull of card `id` started (`true`) or ended: the row shows it while that card is shown.
    func setPulling(_ id: UUID, _ running: Bool) {
        if running { pulling.insert(id) } else { pulling.remove(id) }
        showBusy()
    }

    /// Whether a pull of card `id` runs.
    func isPulling(_ id: UUID) -> Bool { pulling.contains(id) }

    /// "Update now" insensitive with "Updating…" under it while the shown card is pulled.
    private func showBusy() {
        let busy = shown.map(pulling.contains) ?? false
        gtk_widget_set_sensitive(update.widget, busy ? 0 : 1)
        gtk_widget_set_visible(running.widget, busy ? 1 : 0)
    }
}
