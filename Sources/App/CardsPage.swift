import Foundation
internal import CAdw
import WalletCore
import WidgetRenderer

/// The cards page: a header bar with "Add card", a search entry ("Search cards", accents and
/// case ignored like `wallet card list --search`), and every card as a row named by its store,
/// with its color, its state (balance or points first, then expiry) and a star for favorites;
/// favorites first. An empty wallet or search shows a status page saying what to do.
final class CardsPage {
    let handle: ObjectHandle
    let addButton: ObjectHandle
    let headerBar: ObjectHandle
    private let search: ObjectHandle
    private let list: ObjectHandle
    private let stack: ObjectHandle
    private let empty: ObjectHandle
    private var rows: [(id: UUID, row: ObjectHandle, swatch: ColorSwatch)] = []
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

        list = ObjectHandle(raw(gtk_list_box_new()))
        gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list.widget, "boxed-list")
        gtk_widget_set_valign(list.widget, GTK_ALIGN_START)
        Widgets.margins(list, 12)
        gtk_widget_set_margin_top(list.widget, 6)
        wallet_accessible_set_label(list.widget, tr("Cards"))

        empty = ObjectHandle(raw(adw_status_page_new()))
        gtk_widget_set_vexpand(empty.widget, 1)

        stack = ObjectHandle(raw(gtk_stack_new()))
        Widgets.scrolledClamp(list, maximum: 600).handOver { gtk_stack_add_named(stack.opaque, $0, "list") }
        gtk_stack_add_named(stack.opaque, empty.widget, "empty")
        gtk_widget_set_vexpand(stack.widget, 1)
        Widgets.append(stack, to: handle)

        gtk_widget_set_size_request(handle.widget, 360, -1)

        list.on(
            "row-activated",
            withArgument: { [weak self] row in
                guard let self, let row else { return }
                let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
                if self.rows.indices.contains(index) { self.onOpen?(self.rows[index].id) }
            })
        search.on("search-changed") { [weak self] in
            guard let self else { return }
            self.onSearch?(self.searchText)
        }
        search.on("activate") { [weak self] in
            guard let self, let first = self.rows.first else { return }
            self.onOpen?(first.id)
        }
    }

    /// What is typed in the search entry.
    var searchText: String {
        String(cString: gtk_editable_get_text(search.opaque))
    }

    /// Shows `cards` (already filtered and ordered); `searching` picks the empty state's words.
    func show(_ cards: [Card], searching: Bool, now: Date) {
        for entry in rows { gtk_list_box_remove(list.opaque, entry.row.widget) }
        rows = cards.map { card in
            let (row, swatch) = Self.row(for: card, now: now)
            gtk_list_box_append(list.opaque, row.widget)
            return (card.id, row, swatch)
        }
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
    }

    /// One card's row: color swatch, store name (its accessible name), state, favorite star.
    private static func row(for card: Card, now: Date) -> (ObjectHandle, ColorSwatch) {
        let row = ObjectHandle(raw(adw_action_row_new()))
        let preferences: UnsafeMutablePointer<AdwPreferencesRow> = row.typed()
        adw_preferences_row_set_use_markup(preferences, 0)
        adw_preferences_row_set_title(preferences, card.store)
        let state = TileInfo(card: card, date: now).lines.map(\.text).joined(separator: " · ")
        if !state.isEmpty { adw_action_row_set_subtitle(row.typed(), state) }
        gtk_list_box_row_set_activatable(row.typed(), 1)
        let swatch = ColorSwatch(hex: card.color)
        adw_action_row_add_prefix(row.typed(), swatch.handle.widget)
        if card.favorite {
            let star = ObjectHandle(raw(gtk_image_new_from_icon_name("starred-symbolic")))
            wallet_accessible_set_label(star.widget, tr("Favorite"))
            star.handOver { adw_action_row_add_suffix(row.typed(), $0) }
        }
        let chevron = ObjectHandle(raw(gtk_image_new_from_icon_name("go-next-symbolic")))
        chevron.handOver { adw_action_row_add_suffix(row.typed(), $0) }
        return (row, swatch)
    }
}
