import Foundation
internal import CAdw
import WalletCore
import WidgetRenderer

/// The cards page: a header bar with "Add card", a search entry ("Search cards", accents and
/// case ignored like `wallet card list --search`), the shelf chips (``ShelfChips``: all cards,
/// each group, the archived cards apart), and every card as a row named by its store, with its
/// color and logo, its state (balance or points first, then expiry, then an unread message) and
/// a star for favorites; favorites first. The rows are a `GtkListView` over ``CardListModel``:
/// row widgets (``CardRowView``) are made for what shows and around it (about 200 in GTK 4.8)
/// and recycled as the list scrolls, whatever the count. An empty wallet or search shows a
/// status page saying what to do.
final class CardsPage {
    let handle: ObjectHandle
    let addButton: ObjectHandle
    let headerBar: ObjectHandle
    private let search: ObjectHandle
    private let list: ObjectHandle
    private let model = CardListModel()
    private let stack: ObjectHandle
    private let empty: ObjectHandle
    private var now = Date()
    /// Each row widget the factory made, by its `GtkListItem`.
    private var views: [UnsafeMutableRawPointer: CardRowView] = [:]
    /// The chips choosing all cards, a group or the archived cards.
    let shelves = ShelfChips()
    /// The rows' logos, decoded off the main thread (set by the controller, which owns the store).
    var logos: LogoCache? {
        didSet { logos?.onLoaded = { [weak self] id in self?.logoLoaded(id) } }
    }
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
        Widgets.append(shelves.handle, to: handle)

        let factory = ObjectHandle(raw(gtk_signal_list_item_factory_new()))
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(model.store.pointer)))
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
                guard let self, self.model.cards.indices.contains(Int(position)) else { return }
                BenchProbe.shared?.tapped()
                self.onOpen?(self.model.cards[Int(position)].id)
            })
        search.on("search-changed") { [weak self] in
            guard let self else { return }
            self.onSearch?(self.searchText)
        }
        search.on("activate") { [weak self] in
            guard let self, let first = self.model.cards.first else { return }
            self.onOpen?(first.id)
        }
    }

    /// Puts the keyboard focus in the search entry.
    func focusSearch() { gtk_widget_grab_focus(search.widget) }

    /// What is typed in the search entry.
    var searchText: String {
        String(cString: gtk_editable_get_text(search.opaque))
    }

    /// Shows the cards of `listing` that belong on the chosen shelf, less those in `hidden` (removals
    /// waiting for their undo toast); a listing of the whole wallet (no search) also updates the
    /// chips. Returns how many rows show.
    func show(_ listing: CardListLoader.Listing, hiding hidden: Set<UUID>, now: Date) -> Int {
        if listing.search.isEmpty { shelves.show(CardShelf.shelves(groups: listing.groups, cards: listing.cards)) }
        let shelf = shelves.selected
        let cards = listing.cards.filter { shelf.admits($0) && !hidden.contains($0.id) }
        show(cards, searching: !listing.search.isEmpty, now: now)
        return cards.count
    }

    /// Shows `cards` (already filtered and ordered); `searching` and the shelf pick the empty
    /// state's words.
    private func show(_ cards: [Card], searching: Bool, now: Date) {
        let newDay = !Calendar.current.isDate(now, inSameDayAs: self.now)
        self.now = now
        model.replace(with: cards, fresh: newDay)
        if cards.isEmpty { showEmpty(searching: searching) }
        gtk_stack_set_visible_child_name(stack.opaque, cards.isEmpty ? "empty" : "list")
        BenchProbe.shared?.listShown(count: cards.count, in: list.widget)
    }

    private func showEmpty(searching: Bool) {
        let (icon, title, description): (String, String, String) =
            if searching {
                (
                    "edit-find-symbolic", tr("No Matching Cards"),
                    tr("No card's store or note contains this text. Try fewer letters.")
                )
            } else {
                switch shelves.selected {
                case .all:
                    (
                        "auth-smartcard-symbolic", tr("No Cards Yet"),
                        tr("Add your first loyalty card with the + button: type its store and the number printed on it.")
                    )
                case .group, .archived:
                    ("folder-symbolic", tr("No Cards Here"), tr("Pick “All cards” to see the others."))
                }
            }
        adw_status_page_set_icon_name(empty.opaque, icon)
        adw_status_page_set_title(empty.opaque, title)
        adw_status_page_set_description(empty.opaque, description)
    }

    /// A logo asked for by a row is ready: rows still showing that card show it.
    private func logoLoaded(_ id: UUID) {
        for view in views.values where view.cardID == id { view.logoReady() }
    }

    private func makeRow(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let view = CardRowView()
        views[item] = view
        gtk_list_item_set_child(OpaquePointer(item), view.handle.widget)
    }

    private func bindRow(_ item: UnsafeMutableRawPointer?) {
        guard let item, let view = views[item],
            let card = model.card(for: gtk_list_item_get_item(OpaquePointer(item)).map(UnsafeMutableRawPointer.init))
        else { return }
        view.show(
            card, now: now, logo: { [weak logos = self.logos] in logos?.logo(for: card) },
            row: gtk_widget_get_parent(view.handle.widget))
    }

    private func unbindRow(_ item: UnsafeMutableRawPointer?) {
        guard let item, let view = views[item] else { return }
        view.clear(row: gtk_widget_get_parent(view.handle.widget))
    }
}
