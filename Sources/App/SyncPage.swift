internal import CAdw
import Sync

/// The sync page: the status (rows "Syncs with", "Device", "Last sync", "Sealing", "Not sent
/// yet", "Last change"), the button "Sync now" with "Syncing…" beside it while it runs, what the last run
/// moved and, when it failed, the sync library's own words as a label; and while the wallet does
/// not sync yet, the remote's preferences as `wallet sync init` takes them: entries "Remote",
/// "Device name" and "Pairing words", the switch "Keep the remote in plain text", and the button
/// "Set up sync". ``SyncController`` fills it and runs its buttons.
final class SyncPage {
    let handle: ObjectHandle
    let syncButton: ObjectHandle
    let setUpButton: ObjectHandle
    let remote: ObjectHandle
    let device: ObjectHandle
    let words: ObjectHandle
    let plain: ObjectHandle
    private let statusGroup: ObjectHandle
    private let rows: [ObjectHandle]
    private let actions: ObjectHandle
    private let running: ObjectHandle
    private let result: ObjectHandle
    private let failure: ObjectHandle
    private let setUpGroup: ObjectHandle

    init() {
        let content = Widgets.box(vertical: true, spacing: 18)
        Widgets.margins(content, 12)
        gtk_widget_set_margin_top(content.widget, 18)

        statusGroup = PreferenceRows.group(tr("Status"))
        rows = [tr("Syncs with"), tr("Device"), tr("Last sync"), tr("Sealing"), tr("Not sent yet"), tr("Last change")].map {
            PreferenceRows.action($0)
        }
        for row in rows { adw_preferences_group_add(statusGroup.typed(), row.widget) }
        Widgets.append(statusGroup, to: content)

        actions = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(actions.widget, GTK_ALIGN_CENTER)
        syncButton = Widgets.button(tr("Sync now"), classes: ["suggested-action", "pill"])
        // A still label rather than a spinner: a spinner redraws the window every frame for as
        // long as git talks to the remote, which on a software-rendered phone display starves the
        // main loop (the accessibility bus's calls were seen waiting behind it).
        running = Widgets.label(tr("Syncing…"), classes: ["dim-label"])
        gtk_widget_set_visible(running.widget, 0)
        Widgets.append(syncButton, to: actions)
        Widgets.append(running, to: actions)
        Widgets.append(actions, to: content)
        result = Widgets.label("", classes: ["dim-label"], wrap: true)
        failure = Widgets.label("", classes: ["error"], wrap: true)
        for label in [result, failure] {
            gtk_label_set_selectable(label.opaque, 1)
            gtk_widget_set_visible(label.widget, 0)
            Widgets.append(label, to: content)
        }

        setUpGroup = PreferenceRows.group(
            tr("Sync With a Remote"),
            description: tr(
                "Any git URL or path. An empty repository gets this wallet's cards; one that holds a wallet is merged with it."))
        remote = PreferenceRows.entry(tr("Remote"))
        device = PreferenceRows.entry(tr("Device name"))
        wallet_accessible_set_description(device.widget, tr("Left empty: this computer's name, %@.", DeviceName.fromHost()))
        let plainRow = PreferenceRows.action(
            tr("Keep the remote in plain text"), subtitle: tr("Whoever hosts it can read the cards. Sealed otherwise."))
        plain = ObjectHandle(raw(gtk_switch_new()))
        gtk_widget_set_valign(plain.widget, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(plainRow.typed(), plain.widget)
        adw_action_row_set_activatable_widget(plainRow.typed(), plain.widget)
        words = PreferenceRows.entry(tr("Pairing words"))
        wallet_accessible_set_description(
            words.widget, tr("To join a sealed remote: the 24 words another device shows (wallet sync key)."))
        for row in [remote, device, plainRow, words] { adw_preferences_group_add(setUpGroup.typed(), row.widget) }
        setUpButton = Widgets.button(tr("Set up sync"), classes: ["suggested-action", "pill"])
        gtk_widget_set_halign(setUpButton.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(setUpButton.widget, 12)
        adw_preferences_group_add(setUpGroup.typed(), setUpButton.widget)
        Widgets.append(setUpGroup, to: content)

        handle = Widgets.scrolledClamp(content, maximum: 600)
    }

    /// Shows `state`: the status rows and "Sync now" once the wallet syncs, the set-up form before.
    func show(_ state: SyncState) {
        gtk_widget_set_visible(setUpGroup.widget, state.isSetUp ? 0 : 1)
        gtk_widget_set_visible(actions.widget, state.isSetUp ? 1 : 0)
        adw_preferences_group_set_description(
            statusGroup.typed(), state.isSetUp ? nil : tr("This wallet does not sync yet: set up a remote below."))
        let texts: [String?] =
            if let status = state.status {
                [
                    status.remote, status.device, SyncSummary.lastSync(status), SyncSummary.sealing(state.sealed),
                    SyncSummary.pending(status), SyncSummary.change(state.lastChange),
                ]
            } else {
                [nil, nil, nil, nil, nil, nil]
            }
        for (row, text) in zip(rows, texts) {
            adw_action_row_set_subtitle(row.typed(), text ?? "")
            gtk_widget_set_visible(row.widget, text == nil ? 0 : 1)
        }
    }

    /// Shows a sync running (the buttons insensitive, "Syncing…" beside them) or not.
    func showBusy(_ busy: Bool) {
        for button in [syncButton, setUpButton] { gtk_widget_set_sensitive(button.widget, busy ? 0 : 1) }
        gtk_widget_set_visible(running.widget, busy ? 1 : 0)
    }

    /// Shows what the last run did (`result`) or why it failed (`failure`); nil hides either.
    func showOutcome(result text: String?, failure problem: String?) {
        gtk_label_set_text(result.opaque, text ?? "")
        gtk_widget_set_visible(result.widget, text == nil ? 0 : 1)
        gtk_label_set_text(failure.opaque, problem ?? "")
        gtk_widget_set_visible(failure.widget, problem == nil ? 0 : 1)
    }
}
