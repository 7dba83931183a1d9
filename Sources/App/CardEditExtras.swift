internal import CAdw
import Foundation

/// The form's fields beyond store, number and format: the entry "Groups" (group names separated
/// by commas, as `wallet card edit --groups` takes them) and, when editing, the buttons
/// "Choose logo" (a PNG or JPEG, scaled and re-encoded as `--logo FILE` does) and "Remove logo".
final class CardEditExtras {
    let handle: ObjectHandle
    let groups: ObjectHandle
    let chooseLogo: ObjectHandle
    let removeLogo: ObjectHandle
    private let logoButtons: ObjectHandle

    init() {
        handle = Widgets.box(vertical: true, spacing: 12)
        let group = ObjectHandle(raw(adw_preferences_group_new()))
        groups = ObjectHandle(raw(adw_entry_row_new()))
        adw_preferences_row_set_title(groups.typed(), tr("Groups"))
        gtk_widget_set_tooltip_text(groups.widget, tr("Group names, separated by commas"))
        adw_preferences_group_add(group.typed(), groups.widget)
        Widgets.append(group, to: handle)
        logoButtons = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(logoButtons.widget, GTK_ALIGN_CENTER)
        chooseLogo = Widgets.button(tr("Choose logo"))
        removeLogo = Widgets.button(tr("Remove logo"))
        Widgets.append(chooseLogo, to: logoButtons)
        Widgets.append(removeLogo, to: logoButtons)
        Widgets.append(logoButtons, to: handle)
    }

    /// Shows `groups`; the logo buttons only when a stored card is edited (`hasLogo`: whether
    /// "Remove logo" has anything to remove; nil when adding).
    func fill(groups names: [String], hasLogo: Bool?) {
        gtk_editable_set_text(OpaquePointer(groups.pointer), Self.text(of: names))
        gtk_widget_set_visible(logoButtons.widget, hasLogo == nil ? 0 : 1)
        gtk_widget_set_sensitive(removeLogo.widget, hasLogo == true ? 1 : 0)
    }

    /// The group names typed.
    var groupNames: [String] { Self.names(in: String(cString: gtk_editable_get_text(OpaquePointer(groups.pointer)))) }

    /// `Food, Travel` from the names.
    static func text(of names: [String]) -> String { names.joined(separator: ", ") }

    /// The names in `text`: split at commas, trimmed, empty ones and repeats left out.
    static func names(in text: String) -> [String] {
        var seen = Set<String>()
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
