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
    /// The list's vertical scroll position (its `GtkAdjustment`).
    private let scrolling: ObjectHandle
    /// The mouse wheel over the list, applied once per frame.
    private let wheel: WheelScroll
    private var now = Date()
    /// The search the list shows the cards of.
    private var shownSearch = ""
    /// Shows the rows still outdated after a change, a few per frame, while some remain.
    private var refresh: FrameTick?
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
        scrolling = ObjectHandle(UnsafeMutableRawPointer(g_object_ref(gtk_scrolled_window_get_vadjustment(scrolled.opaque))))
        wheel = WheelScroll(of: scrolled, adjustment: scrolling)
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

    /// Shows the cards of `listing` (already on its shelf, less removals waiting for their undo
    /// toast); a listing of the whole wallet also updates the chips. A new search starts at the
    /// top of the list; a reload keeps where the list was. Returns how many rows show.
    func show(_ listing: CardListLoader.Listing, now: Date) -> Int {
        if let chips = listing.shelves { shelves.show(chips) }
        let newDay = !Calendar.current.isDate(now, inSameDayAs: self.now)
        self.now = now
        // Where the rows on screen are, from the last layout: right after the store changes, GTK
        // has not laid the rows out again yet.
        var onScreen = visibleRows()
        if listing.search != shownSearch {
            gtk_adjustment_set_value(scrolling.typed(), 0)
            onScreen = onScreen.map { 0..<$0.count }
        }
        shownSearch = listing.search
        keepFocus(whenRowsGoFrom: listing.cards.count)
        model.replace(with: listing.cards)
        showCardsInBoundRows(again: newDay, onScreen: onScreen)
        if listing.cards.isEmpty { showEmpty(searching: !listing.search.isEmpty) }
        gtk_stack_set_visible_child_name(stack.opaque, listing.cards.isEmpty ? "empty" : "list")
        BenchProbe.shared?.listShown(count: listing.cards.count, in: list.widget)
        return listing.cards.count
    }

    /// Moves the keyboard focus to the search entry when the row holding it is about to go (the
    /// list shrinks to `count` rows, fewer than its position): GTK would leave it to chance, and a
    /// toast's button holding it keeps that toast (and the removal it offers to undo) from ever
    /// timing out.
    private func keepFocus(whenRowsGoFrom count: Int) {
        guard let root = gtk_widget_get_root(list.widget), let focus = gtk_root_get_focus(root),
            gtk_widget_is_ancestor(focus, list.widget) != 0
        else { return }
        for (item, view) in views {
            guard let row = view.row, focus == row || gtk_widget_is_ancestor(focus, row) != 0 else { continue }
            if Self.position(of: item) >= count { gtk_widget_grab_focus(search.widget) }
            return
        }
    }

    /// Puts the card now at each bound row's position in that row, where it shows another card
    /// or an older version of it (``RowRefresh``: the rows `onScreen` now, the others a few per
    /// frame); `again` shows every one anew at once (the day changed, so every expiry line may
    /// read differently).
    private func showCardsInBoundRows(again: Bool, onScreen: Range<Int>?) {
        if again {
            for item in views.keys { bindRow(item) }
        }
        refresh?.stop()
        refresh = nil
        guard showOutdatedRows(later: 0, onScreen: onScreen) else { return }
        refresh = FrameTick(on: list.widget) { [weak self] in
            guard let self else { return false }
            return self.showOutdatedRows(later: RowRefresh.perFrame, onScreen: self.visibleRows())
        }
    }

    /// Shows anew the outdated rows `onScreen` and `later` of the others; true while some remain.
    private func showOutdatedRows(later: Int, onScreen: Range<Int>?) -> Bool {
        var outdated: [Int: (card: Card, view: CardRowView)] = [:]
        for (item, view) in views {
            let position = Self.position(of: item)
            if let card = model.card(at: position), view.card != card { outdated[position] = (card, view) }
        }
        let plan = RowRefresh.plan(stale: Array(outdated.keys), visible: onScreen)
        for position in plan.now + plan.later.prefix(later) {
            if let row = outdated[position] { show(row.card, in: row.view) }
        }
        return plan.later.count > later
    }

    /// The positions of the rows on screen, as the list's last layout left them: GTK 4.8's list
    /// view lays out and maps only the rows that show, and marks the others not child-visible
    /// (their row heights differ, so the scroll position alone cannot tell which rows show); nil
    /// before the list is laid out.
    private func visibleRows() -> Range<Int>? {
        var positions: [Int] = []
        for (item, view) in views {
            let position = Self.position(of: item)
            guard model.card(at: position) != nil, let row = view.row, gtk_widget_get_child_visible(row) != 0 else { continue }
            positions.append(position)
        }
        guard let first = positions.min(), let last = positions.max() else { return nil }
        return first..<(last + 1)
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
        guard let item, let view = views[item], let card = model.card(at: Self.position(of: item)) else { return }
        show(card, in: view)
    }

    private func show(_ card: Card, in view: CardRowView) {
        view.show(card, now: now, logo: { [weak logos = self.logos] in logos?.logo(for: card) })
    }

    /// The position of a `GtkListItem` in the store (`Int(UInt32.max)` while it is not bound).
    private static func position(of item: UnsafeMutableRawPointer) -> Int {
        Int(gtk_list_item_get_position(OpaquePointer(item)))
    }

    private func unbindRow(_ item: UnsafeMutableRawPointer?) {
        guard let item, let view = views[item] else { return }
        view.clear()
    }
}
