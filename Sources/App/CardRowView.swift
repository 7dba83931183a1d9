import Foundation
internal import CAdw
import WalletCore
import WidgetRenderer

/// One row of the cards list, made once by the list view's factory and shown for whichever card
/// scrolls into it: the card's color as a tile with its logo on it (when it has one), the store
/// name (the row's accessible name), the state line (balance or points first, then expiry, then
/// the issuer's unread message: the widgets' ``TileInfo`` lines), an envelope for an unread
/// message, a star for favorites, a chevron.
final class CardRowView {
    let handle: ObjectHandle
    private let tile = CardTile()
    private let title: ObjectHandle
    private let subtitle: ObjectHandle
    private let unread: ObjectHandle
    private let star: ObjectHandle
    /// The card shown (as it was when shown), while the row is bound.
    private(set) var card: Card?
    /// The id of the card shown, while the row is bound.
    var cardID: UUID? { card?.id }
    /// The list's row widget this view is the child of (named by the store; nil before the list
    /// view takes the view).
    var row: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_parent(handle.widget) }

    init() {
        handle = Widgets.box(vertical: false, spacing: 12)
        Widgets.margins(handle, 4)  // the "rich-list" row adds its own padding
        Widgets.append(tile.handle, to: handle)

        let texts = Widgets.box(vertical: true, spacing: 2)
        gtk_widget_set_hexpand(texts.widget, 1)
        gtk_widget_set_valign(texts.widget, GTK_ALIGN_CENTER)
        title = Widgets.label("")
        subtitle = Widgets.label("", classes: ["dim-label", "caption"])
        for label in [title, subtitle] {
            gtk_label_set_xalign(label.opaque, 0)
            gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
            Widgets.append(label, to: texts)
        }
        Widgets.append(texts, to: handle)
        unread = Self.icon("mail-unread-symbolic", name: tr("Unread message"))
        Widgets.append(unread, to: handle)
        star = Self.icon("starred-symbolic", name: tr("Favorite"))
        Widgets.append(star, to: handle)
        Widgets.append(ObjectHandle(raw(gtk_image_new_from_icon_name("go-next-symbolic"))), to: handle)
    }

    private static func icon(_ name: String, name label: String) -> ObjectHandle {
        let image = ObjectHandle(raw(gtk_image_new_from_icon_name(name)))
        wallet_accessible_set_label(image.widget, label)
        return image
    }

    /// Shows `card` (its state as of `now`); `logo` gives its decoded logo when the tile is drawn
    /// (nil while there is none). The row widget is named by the store.
    func show(_ card: Card, now: Date, logo: @escaping () -> OpaquePointer?) {
        self.card = card
        tile.hex = card.color
        tile.logo = card.art.has(.logo) ? logo : nil
        wallet_accessible_set_label(tile.handle.widget, card.art.has(.logo) ? tr("Logo") : tr("Card color"))
        gtk_label_set_text(title.opaque, card.store)
        let state = Self.stateLine(card, now: now)
        gtk_label_set_text(subtitle.opaque, state)
        gtk_widget_set_visible(subtitle.widget, state.isEmpty ? 0 : 1)
        let message = card.pass?.message ?? ""
        gtk_widget_set_visible(unread.widget, message.isEmpty ? 0 : 1)
        gtk_widget_set_visible(star.widget, card.favorite ? 1 : 0)
        if let row { wallet_accessible_set_label(row, card.store) }
    }

    /// Draws the tile again: the card's logo is decoded.
    func logoReady() { tile.redraw() }

    /// The line under the name: the balance or points first, then the expiry, then the unread
    /// message and the pass's own lines, as the widgets list them.
    static func stateLine(_ card: Card, now: Date) -> String {
        TileInfo(card: card, date: now).lines.map(\.text).joined(separator: " · ")
    }

    /// Forgets the card (the row is recycled or goes).
    func clear() {
        card = nil
        tile.logo = nil
        if let row { wallet_accessible_set_label(row, "") }
    }
}
