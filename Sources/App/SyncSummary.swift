import Foundation
import Sync

/// The sync page's texts, from what the sync library reports.
enum SyncSummary {
    /// "Sealed end to end" or "Plain text: whoever hosts the remote can read the cards".
    static func sealing(_ sealed: Bool) -> String {
        sealed ? tr("Sealed end to end") : tr("Plain text: whoever hosts the remote can read the cards")
    }

    /// When the wallet last synced (in the person's locale), or "Never".
    static func lastSync(_ status: SyncStatus, locale: Locale = .current) -> String {
        guard let last = status.lastSync else { return tr("Never") }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: last.time)
    }

    /// "Changed cards not sent: 2 · Commits not pushed: 0".
    static func pending(_ status: SyncStatus) -> String {
        tr("Changed cards not sent: %@", "\(status.pendingCards)") + " · "
            + tr("Commits not pushed: %@", "\(status.unpushedCommits)")
    }

    /// What a sync moved: "Cards in: 1 · Cards out: 0", and the conflicts it settled.
    static func report(_ report: SyncReport) -> String {
        var text = tr("Cards in: %@", "\(report.pulled)") + " · " + tr("Cards out: %@", "\(report.pushed)")
        if !report.conflicts.isEmpty { text += " · " + tr("Conflicts settled: %@", "\(report.conflicts.count)") }
        return text
    }

    /// The newest commit as `wallet sync log` shows it: its device and summary, then a line per
    /// card it changed ("Tesco (0a1b2c3d): note").
    static func change(_ entry: SyncLogEntry?) -> String {
        guard let entry else { return tr("Nothing synced yet") }
        return (["\(entry.device): \(entry.summary)"] + entry.cards).joined(separator: "\n")
    }
}
