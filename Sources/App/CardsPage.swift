import Foundation
internal import CAdw
import WalletCore
import WidgetRenderer

/// The cards page: a header bar with "Add card", a search entry ("Search cards", accents and
/// case ignored like `wallet card list --search`), and every card as a row named by its store,
/// with its color, its state (balance or points first, then expiry) and a star for favorites;
/// favorites first. The rows are a `GtkListView` over the cards' ids: row widgets
/// (``CardRowView``) are made for what shows and around it (about 200 in GTK 4.8) and recycled as
/// the list scrolls, whatever the count. An empty wallet or search shows a status page saying
/// what to do.
final class CardsPage {
    let handle: ObjectHandle
    let addButton: ObjectHandle
    let headerBar: ObjectHandle
    private let search: ObjectHandle
    private let list: ObjectHandle
    private let ids: ObjectHandle
    private let stack: ObjectHandle
    private let empty: ObjectHandle
    private var shown: [UUID] = []
    private var cards: [UUID: Card] = [:]
    private var now = Date()
    /// Each row widget the factory made, by its `GtkListItem`.
    private var views: [UnsafeMutableRawPointer: CardRowView] = [:]
    /// The person picked a card (a click, Enter on a row, or Enter in the search: its first match).
    var onOpen: ((UUID) -> Void)?
    /// The search text changed.
    var onSearch: ((String) -> Void)?

    init() {
        handle = Widgets.box(vertical: true, spacing: 0)
        (headerBar, _) = Widgets.headerBar(title: tr("Wallet"))
        addButton = Widgets.iconButton("list-add-symbolic", name: tr("Add card"))
        adw_header_bar_pack_start(headerBar.opaque, addButton.widget)
        Widgets.append(headerBar, to: handle)

        search = ObjectHandle(raw(gtk_search_entry_new()))
        wallet_accessible_set_label(search.widget, tr("Search cards"))
        wallet_object_set_string(search.pointer, "placeholder-text", tr("Search cards"))
        let searchClamp = raw(adw_clamp_new())
        adw_clamp_set_maximum_size(OpaquePointer(searchClamp), 600)
        adw_clamp_set_child(OpaquePointer(searchClamp), search.widget)
        let searchBox = ObjectHandle(searchClamp)
        Widgets.margins(searchBox, 12)
        gtk_widget_set_margin_bottom(searchBox.widget, 6)
        Widgets.append(searchBox, to: handle)

        ids = ObjectHandle(raw(gtk_string_list_new(nil)))
        let factory = ObjectHandle(raw(gtk_signal_list_item_factory_new()))
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(ids.pointer)))
        list = ObjectHandle(raw(gtk_list_view_new(selection, OpaquePointer(g_object_ref(factory.pointer)))))
        gtk_list_view_set_single_click_activate(list.opaque, 1)
        gtk_list_view_set_show_separators(list.opaque, 1)
        gtk_widget_add_css_class(list.widget, "rich-list")
        wallet_accessible_set_label(list.widget, tr("Cards"))

        empty = ObjectHandle(raw(adw_status_page_new()))
        gtk_widget_set_vexpand(empty.widget, 1)

        stack = ObjectHandle(raw(gtk_stack_new()))
        // The list scrolls itself (GtkScrollable through AdwClampScrollable), so rows are made for
        // what shows; inside a plain clamp it would be given its whole height and make every row.
        let clamp = ObjectHandle(raw(adw_clamp_scrollable_new()))
        adw_clamp_scrollable_set_maximum_size(clamp.opaque, 600)
        adw_clamp_scrollable_set_child(clamp.opaque, list.widget)
        let scrolled = ObjectHandle(raw(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled.opaque, clamp.widget)
        scrolled.handOver { gtk_stack_add_named(stack.opaque, $0, "list") }
        gtk_stack_add_named(stack.opaque, empty.widget, "empty")
        gtk_widget_set_vexpand(stack.widget, 1)
        Widgets.append(stack, to: handle)

        gtk_widget_set_size_request(handle.widget, 360, -1)

        factory.on("setup", withArgument: { [weak self] item in self?.makeRow(item) })
        factory.on("bind", withArgument: { [weak self] item in self?.bindRow(item) })
        factory.on("unbind", withArgument: { [weak self] item in self?.unbindRow(item) })
        factory.on(
            "teardown",
            withArgument: { [weak self] item in
                if let item { self?.views[item] = nil }
            })
        list.on(
            "activate",
            withPosition: { [weak self] position in
                guard let self, self.shown.indices.contains(Int(position)) else { return }
                BenchProbe.shared?.tapped()
                self.onOpen?(self.shown[Int(position)])
            })
        search.on("search-changed") { [weak self] in
            guard let self else { return }
            self.onSearch?(self.searchText)
        }
        search.on("activate") { [weak self] in
            guard let self, let first = self.shown.first else { return }
            self.onOpen?(first)
        }
    }

    /// Puts the keyboard focus in the search entry.
    func focusSearch() { gtk_widget_grab_focus(search.widget) }

    /// What is typed in the search entry.
    var searchText: String {
        String(cString: gtk_editable_get_text(search.opaque))
    }

    /// Shows `cards` (already filtered and ordered); `searching` picks the empty state's words.
    func show(_ cards: [Card], searching: Bool, now: Date) {
        self.now = now
        self.cards = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        shown = cards.map(\.id)
        let texts = shown.map { strdup($0.lowercasedText) }
        defer { texts.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = texts.map { UnsafePointer($0) } + [nil]
        let count = g_list_model_get_n_items(OpaquePointer(ids.pointer))
        gtk_string_list_splice(ids.opaque, 0, count, &pointers)
        if cards.isEmpty {
            adw_status_page_set_icon_name(empty.opaque, searching ? "edit-find-symbolic" : "auth-smartcard-symbolic")
            adw_status_page_set_title(empty.opaque, searching ? tr("No Matching Cards") : tr("No Cards Yet"))
            adw_status_page_set_description(
                empty.opaque,
                searching
                    ? tr("No card's store or note contains this text. Try fewer letters.")
                    : tr("Add your first loyalty card with the + button: type its store and the number printed on it."))
        }
        gtk_stack_set_visible_child_name(stack.opaque, cards.isEmpty ? "empty" : "list")
        BenchProbe.shared?.listShown(count: cards.count, in: list.widget)
    }

    private func makeRow(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let view = CardRowView()
        views[item] = view
        gtk_list_item_set_child(OpaquePointer(item), view.handle.widget)
    }

    private func bindRow(_ item: UnsafeMutableRawPointer?) {
        guard let item, let view = views[item], let object = gtk_list_item_get_item(OpaquePointer(item)),
            let text = gtk_string_object_get_string(OpaquePointer(object)),
            let id = UUID(uuidString: String(cString: text)), let card = cards[id]
        else { return }
        view.show(card, now: now, row: gtk_widget_get_parent(view.handle.widget))
    }

    private func unbindRow(_ item: UnsafeMutableRawPointer?) {
        guard let item, let view = views[item] else { return }
        view.clear(row: gtk_widget_get_parent(view.handle.widget))
    }
}
