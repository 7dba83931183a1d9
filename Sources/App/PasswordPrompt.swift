import Foundation
internal import CAdw

/// The question a password-protected zip asks before it is imported (`wallet card import
/// --password` in a dialog): an AdwMessageDialog with a password entry (accessible name
/// "Password"), "Cancel" and "Import" (enabled once something is typed; Enter in the entry
/// imports too). After a wrong password it asks again with the CLI's message as its body.
/// `answer` runs once: with the password typed, or nil when the person cancelled or closed it.
final class PasswordPrompt {
    private let dialog: ObjectHandle
    private let entry: ObjectHandle
    private var answered = false
    private let answer: (String?) -> Void

    /// A prompt over `window` for the zip named `file`; `problem` is the CLI's message about the
    /// password given before (nil on the first ask).
    init(over window: ObjectHandle, file: String, problem: String?, answer: @escaping (String?) -> Void) {
        self.answer = answer
        let body =
            problem.map { $0.prefix(1).uppercased() + $0.dropFirst() }
            ?? tr("“%@” is password-protected. Type the password it was exported with.", file)
        dialog = ObjectHandle(raw(adw_message_dialog_new(window.typed(), tr("Password Needed"), body)))
        entry = ObjectHandle(raw(gtk_password_entry_new()))
        gtk_password_entry_set_show_peek_icon(entry.opaque, 1)
        wallet_accessible_set_label(entry.widget, tr("Password"))
        adw_message_dialog_add_response(dialog.typed(), "cancel", tr("Cancel"))
        adw_message_dialog_add_response(dialog.typed(), "import", tr("Import"))
        adw_message_dialog_set_response_appearance(dialog.typed(), "import", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_response_enabled(dialog.typed(), "import", 0)
        adw_message_dialog_set_default_response(dialog.typed(), "import")
        adw_message_dialog_set_close_response(dialog.typed(), "cancel")
        entry.handOver { adw_message_dialog_set_extra_child(dialog.typed(), $0) }
        entry.on("changed") { [weak self] in
            guard let self else { return }
            adw_message_dialog_set_response_enabled(self.dialog.typed(), "import", self.typed.isEmpty ? 0 : 1)
        }
        entry.on("activate") { [weak self] in
            guard let self, !self.typed.isEmpty else { return }
            self.finish(self.typed)
            gtk_window_close(self.dialog.typed())
        }
        dialog.on(
            "response",
            withArgument: { [weak self] response in
                guard let self else { return }
                let id = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
                self.finish(id == "import" ? self.typed : nil)
            })
    }

    /// Shows the dialog with the keyboard in the entry.
    func present() {
        gtk_window_present(dialog.typed())
        gtk_widget_grab_focus(entry.widget)
    }

    private var typed: String { String(cString: gtk_editable_get_text(entry.opaque)) }

    private func finish(_ password: String?) {
        guard !answered else { return }
        answered = true
        forgetFocusOfText()
        answer(password)
    }

    /// GTK 4.8's password entry follows its inner text's "notify::has-focus" (for its Caps Lock
    /// sign) and never lets go of it: the text can outlive the entry (when a screen reader has
    /// read the dialog), and its next focus change calls into the freed entry ("invalid unclassed
    /// pointer in cast to 'GtkPasswordEntry'", then a crash). Once the dialog is answered the
    /// sign is not needed: the entry lets go of its text here.
    private func forgetFocusOfText() {
        guard let text = gtk_editable_get_delegate(entry.opaque) else { return }
        var signal: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name("notify::has-focus", gtk_text_get_type(), &signal, &detail, 0) != 0 else { return }
        let matching = GSignalMatchType(
            rawValue: G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_DETAIL.rawValue | G_SIGNAL_MATCH_DATA.rawValue)
        g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(text), matching, signal, detail, nil, nil, entry.pointer)
    }
}
