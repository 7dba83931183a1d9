import Foundation
internal import CAdw
import WalletCore
import WidgetRenderer

/// A card, at the till: the code as large as fits (``BarcodeArea``), the number in large
/// tabular figures, the card's state lines under it, a pass's authenticity (``PassBadge``), a
/// live pass's "Update now" and "History" (``LivePassBar``), and the buttons "Favorite" (a toggle), "Edit" and "Remove".
final class CardPage {
    let handle: ObjectHandle
    let favorite: ObjectHandle
    let edit: ObjectHandle
    let remove: ObjectHandle
    let barcode = BarcodeArea()
    /// The pass's fields, "Share" and "Archive" (``CardExtras``).
    let extras = CardExtras()
    /// "Update now" and "History" for a live pass (``LivePassBar``).
    let livePass = LivePassBar()
    private let favoriteContent: ObjectHandle
    private let number: ObjectHandle
    private let numberButton: ObjectHandle
    private let details: ObjectHandle
    private let authenticity = PassBadge()
    private var updatingFavorite = false
    /// The color (`#RRGGBB`) the shown card is drawn in: the one its widgets use.
    private(set) var shownColor = ""
    /// The person toggled "Favorite" (the new state).
    var onFavorite: ((Bool) -> Void)?

    init() {
        let content = Widgets.box(vertical: true, spacing: 18)
        Widgets.margins(content, 12)
        gtk_widget_set_margin_top(content.widget, 18)
        Widgets.append(barcode.handle, to: content)

        number = Widgets.label("", classes: ["card-number"])
        gtk_label_set_wrap(number.opaque, 1)
        gtk_label_set_wrap_mode(number.opaque, PANGO_WRAP_CHAR)
        gtk_label_set_justify(number.opaque, GTK_JUSTIFY_CENTER)
        // One tap on the number shows it alone in very large type (for a till that types it in).
        numberButton = ObjectHandle(raw(gtk_button_new()))
        gtk_widget_add_css_class(numberButton.widget, "flat")
        gtk_button_set_child(numberButton.typed(), number.widget)
        wallet_accessible_set_description(numberButton.widget, tr("Show the number alone in large type"))
        Widgets.append(numberButton, to: content)

        details = Widgets.label("", classes: ["dim-label"], wrap: true)
        gtk_label_set_xalign(details.opaque, 0.5)
        gtk_label_set_justify(details.opaque, GTK_JUSTIFY_CENTER)
        Widgets.append(details, to: content)
        Widgets.append(authenticity.handle, to: content)
        Widgets.append(livePass.handle, to: content)
        Widgets.append(extras.handle, to: content)

        // Each button as wide as its label (a homogeneous row of three, each as wide as
        // "Favorite" with its star, overflowed a 360 px phone and cut "Remove").
        let buttons = Widgets.box(vertical: false, spacing: 8)
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_CENTER)
        favorite = ObjectHandle(raw(gtk_toggle_button_new()))
        favoriteContent = ObjectHandle(raw(adw_button_content_new()))
        adw_button_content_set_label(favoriteContent.opaque, tr("Favorite"))
        adw_button_content_set_icon_name(favoriteContent.opaque, "non-starred-symbolic")
        gtk_button_set_child(favorite.typed(), favoriteContent.widget)  // labels the button "Favorite"
        edit = Widgets.button(tr("Edit"))
        remove = Widgets.button(tr("Remove"), classes: ["destructive-action"])
        for button in [favorite, edit, remove] { Widgets.append(button, to: buttons) }
        Widgets.append(buttons, to: content)
        handle = Widgets.scrolledClamp(content, maximum: 720)

        numberButton.on("clicked") { [weak self] in self?.toggleLargeNumber() }
        // One tap on the code, too, shows the number alone. GtkGestureClick's "released" passes
        // (gesture, n_press, x, y, data): x and y travel in floating-point registers (System V
        // x86-64, AArch64), so the (instance, integer, data) trampoline gets `data` where it
        // looks for it. The widget owns the gesture.
        let tap = gtk_gesture_click_new()
        SignalConnection.connect(
            raw(tap), "released", SignalConnection.Action(position: { [weak self] _ in self?.toggleLargeNumber() }))
        gtk_widget_add_controller(barcode.handle.widget, tap)
        favorite.on("toggled") { [weak self] in
            guard let self, !self.updatingFavorite else { return }
            let active = gtk_toggle_button_get_active(self.favorite.typed()) != 0
            adw_button_content_set_icon_name(self.favoriteContent.opaque, active ? "starred-symbolic" : "non-starred-symbolic")
            self.onFavorite?(active)
        }
    }

    /// Shows `card` on a band of `color` (`#RRGGBB`, the color it is shown in everywhere,
    /// ``ShownColors``; its logo is not drawn yet: the color band is the list's swatch).
    func show(_ card: Card, color: String, now: Date) {
        shownColor = color
        var drawn = card
        drawn.fields.color = color
        let shown = WindowCard(drawn)
        barcode.show(shown)
        hasCode = shown.columns > 0
        gtk_widget_remove_css_class(number.widget, "card-number-large")
        gtk_label_set_text(number.opaque, Self.grouped(card.code))
        wallet_accessible_set_label(numberButton.widget, Self.grouped(card.code))
        var lines = TileInfo(card: card, date: now).lines.map(\.text)
        if !card.note.isEmpty { lines.append(card.note) }
        if card.format == nil { lines.insert(tr("No barcode: show this number at the till."), at: 0) }
        gtk_label_set_text(details.opaque, lines.joined(separator: "\n"))
        gtk_widget_set_visible(details.widget, lines.isEmpty ? 0 : 1)
        authenticity.show(card.authenticity)
        livePass.show(card)
        extras.show(card)
        updatingFavorite = true
        gtk_toggle_button_set_active(favorite.typed(), card.favorite ? 1 : 0)
        adw_button_content_set_icon_name(favoriteContent.opaque, card.favorite ? "starred-symbolic" : "non-starred-symbolic")
        updatingFavorite = false
    }

    /// Switches between the code with the number under it and the number alone, very large.
    private func toggleLargeNumber() {
        let large = gtk_widget_has_css_class(number.widget, "card-number-large") == 0
        if large {
            gtk_widget_add_css_class(number.widget, "card-number-large")
        } else {
            gtk_widget_remove_css_class(number.widget, "card-number-large")
        }
        gtk_widget_set_visible(barcode.handle.widget, large || !hasCode ? 0 : 1)
    }

    private var hasCode = false

    /// The number as printed: digits in groups of four (spaces break lines at 360 px), other
    /// numbers as they are.
    static func grouped(_ code: String) -> String {
        guard code.count > 6, code.allSatisfy(\.isNumber) else { return code }
        var groups: [Substring] = []
        var rest = Substring(code)
        while !rest.isEmpty {
            groups.append(rest.prefix(4))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }
}
