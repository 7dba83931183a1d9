import Foundation
internal import CAdw
import WidgetEngine

/// The widgets page, like iOS's widget edit sheet: every configured widget as a row (a button
/// named by the widget, "Medium widget 5e6f7a8b"); the one picked below it with its mode
/// (toggle buttons "Manual", "Recent", "Suggested", "Favorites"), its cards in order (buttons
/// "Move STORE up", "Move STORE down", "Remove STORE from the widget"), the other cards (buttons
/// "Add STORE to the widget") and "Remove widget"; a widget of the size chosen in "Size" is
/// added with "Add widget". A change the widget store refuses (more cards than the family holds)
/// shows as a label under the mode. ``WidgetsController`` fills it and acts on its buttons.
final class WidgetsPage {
    let handle: ObjectHandle
    let addButton: ObjectHandle
    let removeButton: ObjectHandle
    private let widgetRows: GroupRows
    private let editor: ObjectHandle
    private let editorGroup: ObjectHandle
    private let explanation: ObjectHandle
    private let refusal: ObjectHandle
    private let slotRows: GroupRows
    private let otherRows: GroupRows
    private let noOthers: ObjectHandle
    /// The options "Other Cards" holds a row for, and those rows by card.
    private var offered: [CardSelection.Option] = []
    private var offeredRows: [UUID: ObjectHandle] = [:]
    private let family: ObjectHandle
    private let modeButtons: [(SelectionMode, ObjectHandle)]
    private var filling = false
    /// The families "Size" offers, in its order.
    static let families = WidgetFamily.allCases

    /// A widget's row was picked (its id).
    var onPick: ((String) -> Void)?
    /// A mode was chosen for the picked widget.
    var onMode: ((SelectionMode) -> Void)?
    /// A slot is to move (its index, -1 up or +1 down).
    var onMove: ((Int, Int) -> Void)?
    /// A slot is to go (its index).
    var onRemoveSlot: ((Int) -> Void)?
    /// A card is to be added to the picked widget.
    var onAddCard: ((UUID) -> Void)?

    init() {
        let content = Widgets.box(vertical: true, spacing: 24)
        Widgets.margins(content, 12)
        gtk_widget_set_margin_top(content.widget, 18)

        let list = PreferenceRows.group(tr("Your Widgets"), description: tr("Pick a widget to choose what it shows."))
        widgetRows = GroupRows(list)
        Widgets.append(list, to: content)

        let adding = PreferenceRows.group(tr("New Widget"))
        family = ObjectHandle(raw(adw_combo_row_new()))
        adw_preferences_row_set_title(family.typed(), tr("Size"))
        let names = gtk_string_list_new(nil)
        for family in Self.families { gtk_string_list_append(names, WidgetNames.family(family)) }
        adw_combo_row_set_model(family.typed(), names)
        g_object_unref(UnsafeMutableRawPointer(names))
        adw_combo_row_set_selected(family.typed(), guint(Self.families.firstIndex(of: .medium) ?? 0))
        adw_preferences_group_add(adding.typed(), family.widget)
        addButton = Widgets.button(tr("Add widget"), classes: ["pill"])
        gtk_widget_set_halign(addButton.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(addButton.widget, 12)
        adw_preferences_group_add(adding.typed(), addButton.widget)
        Widgets.append(adding, to: content)

        editor = Widgets.box(vertical: true, spacing: 12)
        editorGroup = PreferenceRows.group("")
        // Two linked pairs rather than one row of four: four equal buttons are wider than a
        // 360 px phone, and the page's width is the window's narrowest.
        let modes = Widgets.box(vertical: true, spacing: 6)
        wallet_accessible_set_label(modes.widget, tr("Mode"))
        var buttons: [(SelectionMode, ObjectHandle)] = []
        var pair = Widgets.box(vertical: false, spacing: 0)
        for mode in SelectionMode.allCases {
            if buttons.count % 2 == 0 {
                pair = Widgets.box(vertical: false, spacing: 0)
                gtk_widget_add_css_class(pair.widget, "linked")
                gtk_box_set_homogeneous(pair.typed(), 1)
                Widgets.append(pair, to: modes)
            }
            let button = ObjectHandle(raw(gtk_toggle_button_new_with_label(WidgetNames.mode(mode))))
            if let first = buttons.first?.1 { gtk_toggle_button_set_group(button.typed(), first.typed()) }
            Widgets.append(button, to: pair)
            buttons.append((mode, button))
        }
        adw_preferences_group_add(editorGroup.typed(), modes.widget)
        Widgets.append(editorGroup, to: editor)
        explanation = Widgets.label("", classes: ["dim-label"], wrap: true)
        Widgets.append(explanation, to: editor)
        refusal = Widgets.label("", classes: ["error"], wrap: true)
        gtk_widget_set_visible(refusal.widget, 0)
        Widgets.append(refusal, to: editor)
        let slots = PreferenceRows.group(tr("Cards in This Widget"))
        slotRows = GroupRows(slots)
        Widgets.append(slots, to: editor)
        let others = PreferenceRows.group(tr("Other Cards"))
        noOthers = PreferenceRows.action(tr("No other cards"))
        adw_preferences_group_add(others.typed(), noOthers.widget)
        otherRows = GroupRows(others)
        Widgets.append(others, to: editor)
        removeButton = Widgets.button(tr("Remove widget"), classes: ["destructive-action", "pill"])
        gtk_widget_set_halign(removeButton.widget, GTK_ALIGN_CENTER)
        Widgets.append(removeButton, to: editor)
        gtk_widget_set_visible(editor.widget, 0)
        Widgets.append(editor, to: content)

        handle = Widgets.scrolledClamp(content, maximum: 600)
        modeButtons = buttons
        for (mode, button) in modeButtons {
            button.on("toggled") { [weak self] in
                guard let self, !self.filling, gtk_toggle_button_get_active(button.typed()) != 0 else { return }
                self.onMode?(mode)
            }
        }
    }

    /// The family "Size" shows.
    var chosenFamily: WidgetFamily {
        let index = Int(adw_combo_row_get_selected(family.typed()))
        return Self.families.indices.contains(index) ? Self.families[index] : .medium
    }

    /// Lists `widgets` (cards named from `stores`); `picked` (when one of them) is shown in the
    /// editor, offering the cards of `options` it does not hold.
    func show(
        _ widgets: [WidgetConfiguration], picked: WidgetConfiguration?, options: [CardSelection.Option],
        stores: [UUID: String]
    ) {
        widgetRows.removeAll()
        if widgets.isEmpty {
            widgetRows.add(PreferenceRows.action(tr("No widgets yet"), subtitle: tr("Add one below.")))
        }
        for widget in widgets {
            let row = PreferenceRows.action(
                WidgetNames.family(widget.family), subtitle: WidgetNames.summary(widget, stores: stores))
            let id = widget.id
            let button = PreferenceRows.suffixButton("go-next-symbolic", name: WidgetNames.widget(widget), on: row)
            button.on("clicked") { [weak self] in self?.onPick?(id) }
            gtk_list_box_row_set_activatable(row.typed(), 1)
            row.on("activated") { [weak self] in self?.onPick?(id) }
            widgetRows.add(row)
        }
        showEditor(picked, options: options, stores: stores)
    }

    private func showEditor(_ widget: WidgetConfiguration?, options: [CardSelection.Option], stores: [UUID: String]) {
        slotRows.removeAll()
        gtk_widget_set_visible(editor.widget, widget == nil ? 0 : 1)
        guard let widget else { return }
        adw_preferences_group_set_title(editorGroup.typed(), WidgetNames.widget(widget))
        adw_preferences_group_set_description(editorGroup.typed(), WidgetNames.capacity(widget.family))
        filling = true
        for (mode, button) in modeButtons { gtk_toggle_button_set_active(button.typed(), mode == widget.mode ? 1 : 0) }
        filling = false
        gtk_label_set_text(explanation.opaque, WidgetNames.explanation(widget.mode))
        if widget.cards.isEmpty { slotRows.add(PreferenceRows.action(tr("No cards chosen"))) }
        for (index, slot) in widget.cards.enumerated() {
            let title = WidgetNames.slot(slot, stores: stores)
            let row = PreferenceRows.action(title)
            let up = PreferenceRows.suffixButton("go-up-symbolic", name: tr("Move %@ up", title), on: row)
            gtk_widget_set_sensitive(up.widget, index > 0 ? 1 : 0)
            up.on("clicked") { [weak self] in self?.onMove?(index, -1) }
            let down = PreferenceRows.suffixButton("go-down-symbolic", name: tr("Move %@ down", title), on: row)
            gtk_widget_set_sensitive(down.widget, index < widget.cards.count - 1 ? 1 : 0)
            down.on("clicked") { [weak self] in self?.onMove?(index, 1) }
            let remove = PreferenceRows.suffixButton(
                "list-remove-symbolic", name: tr("Remove %@ from the widget", title), on: row)
            remove.on("clicked") { [weak self] in self?.onRemoveSlot?(index) }
            slotRows.add(row)
        }
        offer(options, besides: Set(widget.cards.compactMap(\.cardID)))
    }

    /// Shows the cards of `options` not in `chosen` under "Other Cards". Their rows are made
    /// once for a set of options and only shown or hidden after: remaking a row per card on
    /// every change took 0.9 s in a 1,000-card wallet.
    private func offer(_ options: [CardSelection.Option], besides chosen: Set<UUID>) {
        if options != offered {
            otherRows.removeAll()
            offeredRows = [:]
            for option in options {
                let row = PreferenceRows.action(option.title, subtitle: option.favorite ? tr("Favorite") : "")
                let id = option.id
                let add = PreferenceRows.suffixButton(
                    "list-add-symbolic", name: tr("Add %@ to the widget", option.title), on: row)
                add.on("clicked") { [weak self] in self?.onAddCard?(id) }
                otherRows.add(row)
                offeredRows[id] = row
            }
            offered = options
        }
        for (id, row) in offeredRows { gtk_widget_set_visible(row.widget, chosen.contains(id) ? 0 : 1) }
        gtk_widget_set_visible(noOthers.widget, options.allSatisfy { chosen.contains($0.id) } ? 1 : 0)
    }

    /// Shows why the widget store refused a change (nil hides it).
    func showRefusal(_ text: String?) {
        gtk_label_set_text(refusal.opaque, text ?? "")
        gtk_widget_set_visible(refusal.widget, text == nil ? 0 : 1)
    }
}
