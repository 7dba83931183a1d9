import Foundation
internal import CAdw
import WalletCore
import WidgetRenderer

/// One row of the cards list, made once by the list view's factory and shown for whichever card
/// scrolls into it: color swatch, store name (the row's accessible name), state line (balance
/// or points first, then expiry), a star for favorites, a chevron.
final class CardRowView {
    let handle: ObjectHandle
    private let swatch = ColorSwatch()
    private let title: ObjectHandle
    private let subtitle: ObjectHandle
    private let star: ObjectHandle

    init() {
        handle = Widgets.box(vertical: false, spacing: 12)
        Widgets.margins(handle, 4)  // the "rich-list" row adds its own padding
        Widgets.append(swatch.handle, to: handle)
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
        star = ObjectHandle(raw(gtk_image_new_from_icon_name("starred-symbolic")))
        wallet_accessible_set_label(star.widget, tr("Favorite"))
        Widgets.append(star, to: handle)
        Widgets.append(ObjectHandle(raw(gtk_image_new_from_icon_name("go-next-symbolic"))), to: handle)
    }

    /// Shows `card` (its state as of `now`); `row` is the list's row widget, named by the store.
    func show(_ card: Card, now: Date, row: UnsafeMutablePointer<GtkWidget>?) {
        swatch.hex = card.color
        gtk_label_set_text(title.opaque, card.store)
        let state = TileInfo(card: card, date: now).lines.map(\.text).joined(separator: " · ")
        gtk_label_set_text(subtitle.opaque, state)
        gtk_widget_set_visible(subtitle.widget, state.isEmpty ? 0 : 1)
        gtk_widget_set_visible(star.widget, card.favorite ? 1 : 0)
        if let row { wallet_accessible_set_label(row, card.store) }
    }

    /// Forgets the card (the row is recycled or goes).
    func clear(row: UnsafeMutablePointer<GtkWidget>?) {
        if let row { wallet_accessible_set_label(row, "") }
    }
}
