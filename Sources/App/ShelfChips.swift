internal import CAdw

/// The chips above the cards list, one toggle button per ``CardShelf`` ("All cards", each group,
/// "Archived"), exactly one pressed, in a strip that scrolls sideways when they do not fit a
/// phone's width. Hidden while "All cards" would be the only chip. Each chip's accessible name
/// is its label; the strip is named "Groups".
final class ShelfChips {
    let handle: ObjectHandle
    private let strip: ObjectHandle
    private var chips: [(shelf: CardShelf, button: ObjectHandle)] = []
    /// The shelf shown.
    private(set) var selected = CardShelf.all
    /// The person picked another shelf.
    var onChange: ((CardShelf) -> Void)?

    init() {
        strip = Widgets.box(vertical: false, spacing: 6)
        wallet_accessible_set_label(strip.widget, tr("Groups"))
        handle = ObjectHandle(raw(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_policy(handle.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(handle.opaque, strip.widget)
        gtk_widget_set_margin_start(handle.widget, 12)
        gtk_widget_set_margin_end(handle.widget, 12)
        gtk_widget_set_margin_bottom(handle.widget, 6)
        gtk_widget_set_visible(handle.widget, 0)
    }

    /// Shows one chip per shelf of `shelves`, keeping the pressed one when it is still there
    /// (else "All cards"); returns the shelf now selected.
    @discardableResult
    func show(_ shelves: [CardShelf]) -> CardShelf {
        if shelves != chips.map(\.shelf) { rebuild(shelves) }
        selected = selected.kept(among: shelves)
        for chip in chips {
            gtk_toggle_button_set_active(chip.button.typed(), chip.shelf == selected ? 1 : 0)
        }
        gtk_widget_set_visible(handle.widget, shelves.count > 1 ? 1 : 0)
        return selected
    }

    private func rebuild(_ shelves: [CardShelf]) {
        for chip in chips { gtk_box_remove(strip.typed(), chip.button.widget) }
        chips = []
        for shelf in shelves {
            let button = ObjectHandle(raw(gtk_toggle_button_new_with_label(shelf.title)))
            if let first = chips.first { gtk_toggle_button_set_group(button.typed(), first.button.typed()) }
            Widgets.append(button, to: strip)
            button.on("toggled") { [weak self, weak button] in
                guard let self, let button, gtk_toggle_button_get_active(button.typed()) != 0, self.selected != shelf
                else { return }
                self.selected = shelf
                self.onChange?(shelf)
            }
            chips.append((shelf, button))
        }
    }
}
