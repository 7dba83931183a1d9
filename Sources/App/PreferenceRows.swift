internal import CAdw

/// The libadwaita rows and groups the widgets and sync pages are made of.
enum PreferenceRows {
    /// An `AdwPreferencesGroup` titled `title` (with an optional `description` under it).
    static func group(_ title: String, description: String? = nil) -> ObjectHandle {
        let group = ObjectHandle(raw(adw_preferences_group_new()))
        adw_preferences_group_set_title(group.typed(), title)
        if let description { adw_preferences_group_set_description(group.typed(), description) }
        return group
    }

    /// An `AdwActionRow` with `title` and `subtitle`.
    static func action(_ title: String, subtitle: String = "") -> ObjectHandle {
        let row = ObjectHandle(raw(adw_action_row_new()))
        adw_preferences_row_set_title(row.typed(), title)
        adw_action_row_set_subtitle(row.typed(), subtitle)
        return row
    }

    /// An `AdwEntryRow` titled `title` (its accessible name: libadwaita labels it by its title).
    static func entry(_ title: String) -> ObjectHandle {
        let row = ObjectHandle(raw(adw_entry_row_new()))
        adw_preferences_row_set_title(row.typed(), title)
        return row
    }

    /// A flat icon button at the end of `row`, named `name` (its tooltip and accessible name).
    @discardableResult
    static func suffixButton(_ icon: String, name: String, on row: ObjectHandle) -> ObjectHandle {
        let button = Widgets.iconButton(icon, name: name)
        gtk_widget_add_css_class(button.widget, "flat")
        gtk_widget_set_valign(button.widget, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(row.typed(), button.widget)
        return button
    }

    /// The text an entry row holds.
    static func text(of entry: ObjectHandle) -> String {
        String(cString: gtk_editable_get_text(entry.opaque))
    }
}

/// The rows a group shows now, so they can all be taken out before it is filled again
/// (`AdwPreferencesGroup` in libadwaita 1.2 cannot list them).
final class GroupRows {
    let group: ObjectHandle
    private var rows: [ObjectHandle] = []

    init(_ group: ObjectHandle) { self.group = group }

    /// Adds `row` at the end.
    func add(_ row: ObjectHandle) {
        adw_preferences_group_add(group.typed(), row.widget)
        rows.append(row)
    }

    /// Takes every row out.
    func removeAll() {
        for row in rows { adw_preferences_group_remove(group.typed(), row.widget) }
        rows = []
    }
}
