import Foundation
internal import CAdw
import WalletCore

/// The app's window: an `AdwLeaflet` with the cards page beside the detail pane (a card, the
/// add/edit form, or a hint to pick a card). Under 720 px it folds: one page at a time, with a
/// back button. The window's pages are driven by ``WalletController``.
final class MainWindow {
    let window: ObjectHandle
    let cards = CardsPage()
    let card = CardPage()
    let form = CardForm()
    let widgetsPage = WidgetsPage()
    let syncPage = SyncPage()
    /// The cards page's header buttons to the widgets and sync pages.
    let widgetsButton = Widgets.iconButton("view-grid-symbolic", name: tr("Widgets"))
    let syncButton = Widgets.iconButton("emblem-synchronizing-symbolic", name: tr("Sync"))
    private let leaflet: ObjectHandle
    private let toasts: ObjectHandle
    private let detail: ObjectHandle
    private let detailTitle: ObjectHandle
    /// The back button was pressed (or Escape / Alt+Left on the detail pane).
    var onBack: (() -> Void)?

    /// The window on `application` (an `AdwApplication`), `width` x `height` at first.
    init(application: ObjectHandle, width: Int32, height: Int32) {
        window = ObjectHandle(raw(adw_application_window_new(application.typed())))
        gtk_window_set_title(window.typed(), tr("Wallet"))
        gtk_window_set_default_size(window.typed(), width, height)
        gtk_widget_set_size_request(window.widget, 360, 294)

        leaflet = ObjectHandle(raw(adw_leaflet_new()))
        adw_leaflet_set_can_navigate_back(leaflet.opaque, 1)
        let cardsPage = adw_leaflet_append(leaflet.opaque, cards.handle.widget)
        adw_leaflet_page_set_name(cardsPage, "cards")
        let separator = adw_leaflet_append(leaflet.opaque, gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        adw_leaflet_page_set_navigatable(separator, 0)

        let detailBox = Widgets.box(vertical: true, spacing: 0)
        let (bar, title) = Widgets.headerBar(title: "")
        detailTitle = title
        let back = Widgets.iconButton("go-previous-symbolic", name: tr("Back"))
        adw_header_bar_pack_start(bar.opaque, back.widget)
        g_object_bind_property(leaflet.pointer, "folded", back.pointer, "visible", G_BINDING_SYNC_CREATE)
        // One set of window buttons: at the far ends of the window, whichever pages show.
        g_object_bind_property(leaflet.pointer, "folded", bar.pointer, "show-start-title-buttons", G_BINDING_SYNC_CREATE)
        g_object_bind_property(
            leaflet.pointer, "folded", cards.headerBar.pointer, "show-end-title-buttons", G_BINDING_SYNC_CREATE)
        Widgets.append(bar, to: detailBox)
        detail = ObjectHandle(raw(gtk_stack_new()))
        gtk_widget_set_vexpand(detail.widget, 1)
        gtk_widget_set_hexpand(detail.widget, 1)
        let hint = ObjectHandle(raw(adw_status_page_new()))
        adw_status_page_set_icon_name(hint.opaque, "auth-smartcard-symbolic")
        adw_status_page_set_title(hint.opaque, tr("Pick a Card"))
        adw_status_page_set_description(hint.opaque, tr("Its barcode shows here, ready to scan at the till."))
        let stack = detail
        hint.handOver { gtk_stack_add_named(stack.opaque, $0, "hint") }
        gtk_stack_add_named(detail.opaque, card.handle.widget, "card")
        gtk_stack_add_named(detail.opaque, form.handle.widget, "form")
        gtk_stack_add_named(detail.opaque, widgetsPage.handle.widget, "widgets")
        gtk_stack_add_named(detail.opaque, syncPage.handle.widget, "sync")
        adw_header_bar_pack_end(cards.headerBar.opaque, syncButton.widget)
        adw_header_bar_pack_end(cards.headerBar.opaque, widgetsButton.widget)
        Widgets.append(detail, to: detailBox)
        let pages = leaflet
        detailBox.handOver { adw_leaflet_page_set_name(adw_leaflet_append(pages.opaque, $0), "detail") }

        toasts = ObjectHandle(raw(adw_toast_overlay_new()))
        adw_toast_overlay_set_child(toasts.opaque, leaflet.widget)
        adw_application_window_set_content(window.typed(), toasts.widget)

        back.on("clicked") { [weak self] in self?.onBack?() }
        addEscapeShortcut()
        leaflet.on(
            "notify::visible-child",
            withArgument: { [weak self] _ in
                guard let self, self.isFolded, self.visibleName == "cards" else { return }
                self.onBack?()
            })
    }

    /// Escape leaves a card or the form for the list, as the back button does.
    private func addEscapeShortcut() {
        addShortcut("Escape") { [weak self] in
            guard let self, self.detailName != "hint" else { return false }
            self.onBack?()
            return true
        }
    }

    /// Runs `action` when `trigger` ("Escape", "<Control>n") is pressed anywhere in the window;
    /// `action` says whether it handled the key. GLib holds the closure and releases it with
    /// the shortcut.
    func addShortcut(_ trigger: String, _ action: @escaping () -> Bool) {
        let controller = gtk_shortcut_controller_new()
        let box = Unmanaged.passRetained(ShortcutAction(action)).toOpaque()
        let callback = gtk_callback_action_new(
            { _, _, context in
                guard let context else { return 0 }
                return Unmanaged<ShortcutAction>.fromOpaque(context).takeUnretainedValue().run() ? 1 : 0
            }, box,
            { context in
                guard let context else { return }
                Unmanaged<ShortcutAction>.fromOpaque(context).release()
            })
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), callback))
        gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
        gtk_widget_add_controller(window.widget, controller)
    }

    /// A shortcut's closure, while GLib holds it.
    private final class ShortcutAction {
        let run: () -> Bool
        init(_ run: @escaping () -> Bool) { self.run = run }
    }

    /// The detail page showing ("hint", "card", "form", "widgets" or "sync").
    var detailName: String {
        guard let name = gtk_stack_get_visible_child_name(detail.opaque) else { return "" }
        return String(cString: name)
    }

    /// True when one page shows at a time (narrow windows).
    var isFolded: Bool { adw_leaflet_get_folded(leaflet.opaque) != 0 }

    private var visibleName: String {
        guard let name = adw_leaflet_get_visible_child_name(leaflet.opaque) else { return "" }
        return String(cString: name)
    }

    /// Which detail page shows: "hint", "card", "form", "widgets" or "sync", titled `title`; brings it forward.
    func showDetail(_ name: String, title: String) {
        gtk_stack_set_visible_child_name(detail.opaque, name)
        adw_window_title_set_title(detailTitle.opaque, title)
        adw_leaflet_set_visible_child_name(leaflet.opaque, "detail")
    }

    /// Back to the list (on a folded window) with the hint in the detail pane.
    func showList() {
        gtk_stack_set_visible_child_name(detail.opaque, "hint")
        adw_window_title_set_title(detailTitle.opaque, "")
        adw_leaflet_set_visible_child_name(leaflet.opaque, "cards")
    }

    /// A toast; with `button`, `onButton` runs when it is pressed; `onDismissed` runs when the
    /// toast goes away either way. A `wrapping` toast breaks its title over lines (a line of the
    /// CLI's, which a one-line toast would cut at 360 px) instead of ending it with "…".
    func toast(
        _ title: String, button: String? = nil, wrapping: Bool = false, onButton: (() -> Void)? = nil,
        onDismissed: (() -> Void)? = nil
    ) {
        let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let toast = ObjectHandle(raw(adw_toast_new(escaped)))
        if wrapping {
            let label = Widgets.label(title, wrap: true)
            gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
            label.handOver { adw_toast_set_custom_title(toast.opaque, $0) }
        }
        if let button {
            adw_toast_set_button_label(toast.opaque, button)
            if let onButton { toast.on("button-clicked", onButton) }
        }
        if let onDismissed { toast.on("dismissed", onDismissed) }
        adw_toast_overlay_add_toast(toasts.opaque, OpaquePointer(g_object_ref(toast.pointer)))
    }

    /// Shows the window and gives it the focus.
    func present() { gtk_window_present(window.typed()) }
}
