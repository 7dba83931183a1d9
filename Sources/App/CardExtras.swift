internal import CAdw
import WalletCore

/// The card page's lower half for a pass and the card's own actions: the pass's fields below the
/// code (front fields as rows, then the back fields behind the expander "Back of the pass"), and
/// the buttons "Share" and "Archive" (or "Unarchive" for an archived card).
final class CardExtras {
    let handle: ObjectHandle
    let share: ObjectHandle
    let archive: ObjectHandle
    private let front: ObjectHandle
    private let back: ObjectHandle
    private var rows: [(parent: ObjectHandle, row: ObjectHandle)] = []
    /// The card shown.
    private(set) var card: Card?

    init() {
        handle = Widgets.box(vertical: true, spacing: 12)
        front = ObjectHandle(raw(adw_preferences_group_new()))
        Widgets.append(front, to: handle)
        back = ObjectHandle(raw(adw_expander_row_new()))
        adw_preferences_row_set_title(back.typed(), tr("Back of the pass"))
        let backGroup = ObjectHandle(raw(adw_preferences_group_new()))
        adw_preferences_group_add(backGroup.typed(), back.widget)
        Widgets.append(backGroup, to: handle)
        backBox = backGroup
        let buttons = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_CENTER)
        share = Widgets.button(tr("Share"))
        archive = Widgets.button(tr("Archive"))
        Widgets.append(share, to: buttons)
        Widgets.append(archive, to: buttons)
        Widgets.append(buttons, to: handle)
    }

    private let backBox: ObjectHandle

    /// Shows `card`'s pass fields (none for a card that is not a pass) and its archive state.
    func show(_ card: Card) {
        self.card = card
        for (parent, row) in rows {
            if parent === front {
                adw_preferences_group_remove(front.typed(), row.widget)
            } else {
                adw_expander_row_remove(back.typed(), row.widget)
            }
        }
        rows = []
        let fields = card.pass?.fields ?? []
        for field in fields where field.section != .back {
            let row = Self.row(field)
            adw_preferences_group_add(front.typed(), row.widget)
            rows.append((front, row))
        }
        for field in fields where field.section == .back {
            let row = Self.row(field)
            adw_expander_row_add_row(back.typed(), row.widget)
            rows.append((back, row))
        }
        gtk_widget_set_visible(front.widget, fields.contains { $0.section != .back } ? 1 : 0)
        gtk_widget_set_visible(backBox.widget, fields.contains { $0.section == .back } ? 1 : 0)
        adw_expander_row_set_expanded(back.typed(), 0)
        gtk_button_set_label(archive.typed(), card.archived ? tr("Unarchive") : tr("Archive"))
    }

    /// A field as a row: its label as the title (the key when it has none), its value below.
    private static func row(_ field: LiveField) -> ObjectHandle {
        let row = ObjectHandle(raw(adw_action_row_new()))
        adw_preferences_row_set_use_markup(row.typed(), 0)  // a pass's texts are plain text
        adw_preferences_row_set_title(row.typed(), field.label.flatMap { $0.isEmpty ? nil : $0 } ?? field.key)
        adw_action_row_set_subtitle(row.typed(), field.value)
        return row
    }
}
