import Barcodes
internal import CAdw
import Foundation
import Scanning
import WalletCore

/// The add (and edit) page: entries "Store" and "Number", the chooser "Format", and "Save".
/// What is typed is checked by the repository, as `wallet card add` is checked (the format's
/// own rules: check digit, length, characters); a refusal is shown under the entries as a
/// label, and nothing is saved.
final class CardForm {
    let handle: ObjectHandle
    let save: ObjectHandle
    private let store: ObjectHandle
    private let number: ObjectHandle
    private let format: ObjectHandle
    private let message: ObjectHandle
    private let preview = BarcodeArea(name: tr("Barcode preview"))
    /// The other ways to add a card (a scan, the camera, an import, a share link), shown when adding.
    let sources = AddSources()
    /// Groups, and the logo buttons when editing (``CardEditExtras``).
    let more = CardEditExtras()
    /// The code a scan filled the form with (``ScannedDraft``), until the form is filled again.
    private var scanned: ScannedCode?
    /// The formats the chooser offers, in its order; nil is "No barcode".
    static let formats: [Symbology?] = [
        .ean13, .code128, .qr, .ean8, .upcA, .upcE, .code39, .code93, .codabar, .itf, .pdf417, .aztec, .dataMatrix, nil,
    ]

    init() {
        let content = Widgets.box(vertical: true, spacing: 18)
        Widgets.margins(content, 12)
        gtk_widget_set_margin_top(content.widget, 18)
        Widgets.append(sources.handle, to: content)
        let group = ObjectHandle(raw(adw_preferences_group_new()))
        store = Self.entryRow(tr("Store"))
        number = Self.entryRow(tr("Number"))
        format = ObjectHandle(raw(adw_combo_row_new()))
        adw_preferences_row_set_title(format.typed(), tr("Format"))
        let names = gtk_string_list_new(nil)
        for symbology in Self.formats { gtk_string_list_append(names, Self.title(symbology)) }
        adw_combo_row_set_model(format.typed(), names)
        g_object_unref(UnsafeMutableRawPointer(names))
        for row in [store, number, format] { adw_preferences_group_add(group.typed(), row.widget) }
        Widgets.append(group, to: content)
        Widgets.append(more.handle, to: content)

        message = Widgets.label("", classes: ["error"], wrap: true)
        gtk_widget_set_visible(message.widget, 0)
        Widgets.append(message, to: content)
        Widgets.append(preview.handle, to: content)

        save = Widgets.button(tr("Save"), classes: ["suggested-action", "pill"])
        gtk_widget_set_halign(save.widget, GTK_ALIGN_CENTER)
        Widgets.append(save, to: content)
        handle = Widgets.scrolledClamp(content, maximum: 600)
        number.on("entry-activated") { [weak self] in
            guard let self else { return }
            gtk_widget_activate(self.save.widget)
        }
        number.on("changed") { [weak self] in self?.updatePreview() }
        format.on("notify::selected", withArgument: { [weak self] _ in self?.updatePreview() })
    }

    /// A format's name as the chooser shows it.
    static func title(_ symbology: Symbology?) -> String {
        switch symbology {
        case nil: tr("No barcode")
        case .ean13: "EAN-13"
        case .ean8: "EAN-8"
        case .upcA: "UPC-A"
        case .upcE: "UPC-E"
        case .code128: "Code 128"
        case .code39: "Code 39"
        case .code93: "Code 93"
        case .codabar: "Codabar"
        case .itf: "ITF"
        case .qr: "QR code"
        case .aztec: "Aztec"
        case .pdf417: "PDF417"
        case .dataMatrix: "Data Matrix"
        }
    }

    private static func entryRow(_ title: String) -> ObjectHandle {
        let row = ObjectHandle(raw(adw_entry_row_new()))
        adw_preferences_row_set_title(row.typed(), title)
        return row
    }

    /// Fills the form with `fields` (editing a card), or empties it (a new card: EAN-13, the
    /// format of most loyalty cards, preselected).
    func fill(_ fields: CardFields?) {
        scanned = nil
        gtk_widget_set_visible(sources.handle.widget, fields == nil ? 1 : 0)
        more.fill(groups: fields?.groups ?? [], hasLogo: nil)
        gtk_editable_set_text(OpaquePointer(store.pointer), fields?.store ?? "")
        gtk_editable_set_text(OpaquePointer(number.pointer), fields?.code ?? "")
        let index = Self.formats.firstIndex { $0 == (fields.map { $0.format } ?? .ean13) } ?? 0
        adw_combo_row_set_selected(format.typed(), guint(index))
        showMessage(nil)
        gtk_widget_grab_focus(store.widget)
    }

    /// What the form holds, over `base` (the card being edited keeps its other fields).
    func fields(over base: CardFields?) -> CardFields {
        let storeText = String(cString: gtk_editable_get_text(OpaquePointer(store.pointer)))
        let numberText = String(cString: gtk_editable_get_text(OpaquePointer(number.pointer)))
        let selected = Int(adw_combo_row_get_selected(format.typed()))
        let symbology = Self.formats.indices.contains(selected) ? Self.formats[selected] : nil
        guard var fields = base else {
            var fields = ScannedDraft.fields(store: storeText, number: numberText, format: symbology, scanned: scanned)
            fields.groups = more.groupNames
            return fields
        }
        fields.groups = more.groupNames
        fields.store = storeText
        fields.code = numberText
        fields.format = symbology
        return fields
    }

    /// Fills the number and format with `code` (a scan's or the camera's), keeping the store
    /// typed so far, and takes the focus to the store when it is still empty.
    func fillScanned(_ code: ScannedCode) {
        scanned = code
        gtk_editable_set_text(OpaquePointer(number.pointer), code.display)
        adw_combo_row_set_selected(format.typed(), guint(Self.formats.firstIndex { $0 == code.symbology } ?? 0))
        showMessage(nil)
        let storeText = String(cString: gtk_editable_get_text(OpaquePointer(store.pointer)))
        gtk_widget_grab_focus((storeText.isEmpty ? store : save).widget)
    }

    /// The code as it would be drawn, while what is typed is a valid number for the format
    /// (the same check as saving; nothing shows for an invalid or empty number). An earlier
    /// refusal goes: it was about what was typed before.
    private func updatePreview() {
        showMessage(nil)
        let fields = fields(over: nil)
        guard let card = try? CardFields(store: "Preview", code: fields.code, format: fields.format).card(createdAt: Date())
        else { return preview.show(nil) }
        preview.show(WindowCard(card))
    }

    /// Shows why the card was refused (nil hides the message).
    func showMessage(_ text: String?) {
        gtk_label_set_text(message.opaque, text ?? "")
        gtk_widget_set_visible(message.widget, text == nil ? 0 : 1)
    }
}
