import Barcodes
import Foundation
internal import CAdw
import WalletCore
import WalletInterop

/// What the card page's "Share" and "Archive" do. Share shows the card's Catima share link (what
/// `wallet card share` prints) as text and as a QR code (the image "Share QR code"), with "Copy
/// link" putting it on the clipboard. Archive hides the card from the list in one transaction,
/// with an "Undo" toast that brings it back; "Unarchive" brings an archived card back.
final class CardActions {
    private let window: MainWindow
    private let repository: CardRepository
    private var dialog: ObjectHandle?
    private let qr = BarcodeArea(name: tr("Share QR code"))
    /// The card was archived (the page is left) or brought back (the list is reloaded).
    var onArchived: ((UUID, Bool) -> Void)?

    init(window: MainWindow, repository: CardRepository) {
        self.window = window
        self.repository = repository
        window.card.extras.share.on("clicked") { [weak self] in self?.share() }
        window.card.extras.archive.on("clicked") { [weak self] in self?.toggleArchive() }
    }

    private func share() {
        guard let card = window.card.extras.card else { return }
        let link = CatimaShareLink().link(for: card)
        let content = Widgets.box(vertical: true, spacing: 12)
        var shown = CardFields(store: card.store, code: link, format: .qr)
        shown.color = window.card.shownColor
        qr.show(WindowCard(Card(fields: shown, createdAt: card.createdAt)))
        gtk_widget_set_size_request(qr.handle.widget, 300, -1)
        Widgets.append(qr.handle, to: content)
        let text = Widgets.label(link, classes: ["caption"], wrap: true)
        gtk_label_set_wrap_mode(text.opaque, PANGO_WRAP_CHAR)
        gtk_label_set_selectable(text.opaque, 1)
        Widgets.append(text, to: content)
        let copy = Widgets.button(tr("Copy link"), classes: ["pill"])
        gtk_widget_set_halign(copy.widget, GTK_ALIGN_CENTER)
        copy.on("clicked") { [weak self] in
            gdk_clipboard_set_text(gdk_display_get_clipboard(gdk_display_get_default()), link)
            self?.window.toast(tr("Link copied"))
            AppEvents.emit("copied", ["link": link])
        }
        Widgets.append(copy, to: content)

        let dialog = ObjectHandle(
            raw(
                adw_message_dialog_new(
                    window.window.typed(), tr("Share “%@”", card.store),
                    tr("Catima and this wallet add the card from this link or its QR code."))))
        adw_message_dialog_add_response(dialog.typed(), "close", tr("Close"))
        adw_message_dialog_set_close_response(dialog.typed(), "close")
        content.handOver { adw_message_dialog_set_extra_child(dialog.typed(), $0) }
        dialog.on("response", withArgument: { [weak self] _ in self?.dialog = nil })
        self.dialog = dialog
        gtk_window_present(dialog.typed())
        AppEvents.emit("share", ["card": card.id.lowercasedText, "link": link])
    }

    private func toggleArchive() {
        guard let card = window.card.extras.card else { return }
        guard setArchived(!card.archived, card.id) else { return }
        if card.archived { return }
        var undone = false
        window.toast(
            tr("“%@” archived", card.store), button: tr("Undo"),
            onButton: { [weak self] in
                guard !undone else { return }
                undone = true
                _ = self?.setArchived(false, card.id)
            })
    }

    /// Archives or brings back card `id`; false (with a toast) when that could not be saved.
    private func setArchived(_ archived: Bool, _ id: UUID) -> Bool {
        do {
            guard var card = try repository.card(id: id) else { return false }
            card.fields.archived = archived
            _ = try repository.update(card)
            AppEvents.emit(archived ? "archived" : "unarchived", ["card": id.lowercasedText])
            onArchived?(id, archived)
            return true
        } catch {
            window.toast(tr("Not saved: %@", "\(error)"))
            return false
        }
    }
}
