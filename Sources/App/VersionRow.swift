import Foundation
internal import CAdw
import WalletCore

/// One version of a live card in its "History" dialog: an `AdwActionRow` titled by its number
/// and what made it ("Version 2 · Updated by the issuer"), with when (local time, to the minute)
/// and what it changed below, in `card history`'s words but only the changes worth a line, as
/// `card update` prints them (`balance 12.5 -> 15.75; gate A1 -> B7`, without the derived note).
struct VersionRow {
    let handle: ObjectHandle

    init(_ version: CardVersion) {
        handle = ObjectHandle(raw(adw_action_row_new()))
        adw_preferences_row_set_use_markup(handle.typed(), 0)  // a pass's values are plain text
        adw_preferences_row_set_title(handle.typed(), Self.title(version))
        adw_action_row_set_subtitle(handle.typed(), Self.subtitle(version))
    }

    /// "Version 2 · Updated by the issuer".
    static func title(_ version: CardVersion) -> String {
        tr("Version %@", "\(version.version)") + " · " + source(version.source)
    }

    /// When, then what changed: "2026-11-27 22:50 · balance 12.5 -> 15.75; gate A1 -> B7".
    static func subtitle(_ version: CardVersion) -> String {
        let time = LocalTime.format(version.time)
        return version.changes.isEmpty
            ? time : time + " · " + FieldChange.summary(of: version.changes).map(\.text).joined(separator: "; ")
    }

    /// What made a version, as a person says it.
    static func source(_ source: VersionSource) -> String {
        switch source {
        case .import: tr("Imported")
        case .update: tr("Updated by the issuer")
        case .edit: tr("Edited")
        case .sync: tr("Synced")
        }
    }
}
