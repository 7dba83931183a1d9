internal import CAdw
import Foundation

/// The add page's other ways in, above the typed fields: the buttons "Scan a photo or PDF",
/// "Scan with the camera" and "Import a file", the entry "Share link" (Enter or its apply
/// button adds the linked card), a status line while a scan or import runs (with "Cancel"
/// while a scan or the camera can be stopped), and, when a scan
/// found several codes, one button per code ("Codes found"), named by its format and its text.
final class AddSources {
    let handle: ObjectHandle
    let scanFile: ObjectHandle
    let scanCamera: ObjectHandle
    let importFile: ObjectHandle
    let shareLink: ObjectHandle
    /// Stops a running scan or camera reading.
    let cancel: ObjectHandle
    private let status: ObjectHandle
    private let spinner: ObjectHandle
    private let codes: ObjectHandle
    private let codesTitle: ObjectHandle
    private var codeButtons: [ObjectHandle] = []
    /// The person chose code number N of the list.
    var onChoose: ((Int) -> Void)?

    init() {
        handle = Widgets.box(vertical: true, spacing: 12)
        let buttons = Widgets.box(vertical: true, spacing: 6)
        scanFile = Self.sourceButton(tr("Scan a photo or PDF"), icon: "image-x-generic-symbolic")
        scanCamera = Self.sourceButton(tr("Scan with the camera"), icon: "camera-photo-symbolic")
        importFile = Self.sourceButton(tr("Import a file"), icon: "document-open-symbolic")
        for button in [scanFile, scanCamera, importFile] { Widgets.append(button, to: buttons) }
        Widgets.append(buttons, to: handle)

        let linkGroup = ObjectHandle(raw(adw_preferences_group_new()))
        shareLink = ObjectHandle(raw(adw_entry_row_new()))
        adw_preferences_row_set_title(shareLink.typed(), tr("Share link"))
        adw_entry_row_set_show_apply_button(shareLink.typed(), 1)
        wallet_accessible_label_buttons_within(shareLink.widget, tr("Add the linked card"))
        gtk_widget_set_tooltip_text(shareLink.widget, tr("Paste a Catima share link (https://catima.app/share#...)"))
        adw_preferences_group_add(linkGroup.typed(), shareLink.widget)
        Widgets.append(linkGroup, to: handle)

        let statusRow = Widgets.box(vertical: false, spacing: 8)
        spinner = ObjectHandle(raw(gtk_spinner_new()))
        status = Widgets.label("", classes: ["dim-label"], wrap: true)
        cancel = Widgets.button(tr("Cancel"))
        gtk_widget_set_hexpand(status.widget, 1)
        Widgets.append(spinner, to: statusRow)
        Widgets.append(status, to: statusRow)
        Widgets.append(cancel, to: statusRow)
        Widgets.append(statusRow, to: handle)
        gtk_widget_set_visible(statusRow.widget, 0)
        statusBox = statusRow

        codes = Widgets.box(vertical: true, spacing: 6)
        codesTitle = Widgets.label("", classes: ["heading"], wrap: true)
        Widgets.append(codesTitle, to: codes)
        gtk_widget_set_visible(codes.widget, 0)
        Widgets.append(codes, to: handle)
    }

    private let statusBox: ObjectHandle

    /// A button with an icon and a label (its accessible name).
    private static func sourceButton(_ text: String, icon: String) -> ObjectHandle {
        let button = ObjectHandle(raw(gtk_button_new()))
        let content = ObjectHandle(raw(adw_button_content_new()))
        adw_button_content_set_label(content.opaque, text)
        adw_button_content_set_icon_name(content.opaque, icon)
        content.handOver { gtk_button_set_child(button.typed(), $0) }  // labels the button `text`
        return button
    }

    /// Shows `text` with a spinner while work runs (nil hides it), with "Cancel" when it can be
    /// stopped; the buttons wait meanwhile.
    func showBusy(_ text: String?, cancellable: Bool = false) {
        gtk_widget_set_visible(cancel.widget, cancellable ? 1 : 0)
        gtk_label_set_text(status.opaque, text ?? "")
        gtk_widget_set_visible(statusBox.widget, text == nil ? 0 : 1)
        if text == nil { gtk_spinner_stop(spinner.opaque) } else { gtk_spinner_start(spinner.opaque) }
        for button in [scanFile, scanCamera, importFile, shareLink] {
            gtk_widget_set_sensitive(button.widget, text == nil ? 1 : 0)
        }
    }

    /// Lists the codes of `file` to choose from (an empty list hides it). A code the wallet
    /// cannot store is shown greyed with the reason as its description.
    func showCodes(_ entries: [ScanOffer.Entry], file: String) {
        for button in codeButtons { gtk_box_remove(codes.typed(), button.widget) }
        codeButtons = []
        gtk_label_set_text(codesTitle.opaque, tr("Codes found in %@: choose the card’s", file))
        for entry in entries {
            let button = ObjectHandle(raw(gtk_button_new()))
            let page = entry.page.map { " · " + tr("page %@", String($0)) } ?? ""
            let label = Widgets.label("\(entry.format)\(page)\n\(entry.text)", wrap: true)
            gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
            label.handOver { gtk_button_set_child(button.typed(), $0) }
            wallet_accessible_set_label(button.widget, entry.name)
            if let refusal = entry.refusal {
                gtk_widget_set_sensitive(button.widget, 0)
                gtk_widget_set_tooltip_text(button.widget, refusal)
                wallet_accessible_set_description(button.widget, refusal)
            }
            let number = entry.number
            button.on("clicked") { [weak self] in self?.onChoose?(number) }
            Widgets.append(button, to: codes)
            codeButtons.append(button)
        }
        gtk_widget_set_visible(codes.widget, entries.isEmpty ? 0 : 1)
    }

    /// The share link typed or pasted, trimmed.
    var linkText: String {
        String(cString: gtk_editable_get_text(OpaquePointer(shareLink.pointer))).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Back to the first state: no list, no status, an empty link entry.
    func reset() {
        showCodes([], file: "")
        showBusy(nil)
        gtk_editable_set_text(OpaquePointer(shareLink.pointer), "")
    }
}
