import FileInput
import FileOutput
import Foundation
import WalletCore

/// The reminders already raised, kept in the container (`notified-reminders.json`) so that a
/// host started again (`widget host --once` from a timer, a restart) raises each reminder once
/// per threshold per card, not once per run. Entries are dropped a day after the moment they
/// are about. Best effort: a record that cannot be read or written costs a repeated reminder,
/// never a failed host.
final class NotifiedReminders {
    /// The record's file.
    let url: URL
    /// Reminder keys (``Reminder/key``) and the moment each is about.
    private var entries: [String: Date]

    /// The record is small: a few keys per card with an expiry. Bounded like any file read.
    static let sizeLimit = 4 << 20

    init(container: SharedContainer) {
        url = container.file("notified-reminders.json")
        entries = Self.load(url)
    }

    func contains(_ reminder: Reminder) -> Bool { entries[reminder.key] != nil }

    /// Records `reminders` as raised and saves the record, dropping entries long moot at `now`.
    func record(_ reminders: [Reminder], now: Date) {
        guard !reminders.isEmpty else { return }
        for reminder in reminders { entries[reminder.key] = reminder.until }
        entries = entries.filter { $0.value.addingTimeInterval(86_400) > now }
        let object = ["notified": entries.keys.sorted().map { ["key": $0, "until": ISO8601.format(entries[$0]!)] }]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        try? AtomicFile.write([UInt8](data), to: url.path, permissions: 0o600, owned: true)
    }

    private static func load(_ url: URL) -> [String: Date] {
        guard let bytes = try? BoundedRead.bytes(of: url.path, limit: sizeLimit),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let list = object["notified"] as? [[String: String]]
        else { return [:] }
        var entries: [String: Date] = [:]
        for entry in list {
            guard let key = entry["key"], let until = entry["until"].flatMap(ISO8601.parse) else { continue }
            entries[key] = until
        }
        return entries
    }
}
