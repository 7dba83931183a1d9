import Foundation
import Glibc
import FileOutput
import WalletCore
import WidgetEngine

/// One line the host prints on stdout: a JSON object saying what it did.
public struct EventLine: Encodable, Equatable, Sendable {
    public var event: String
    public var widget: String?
    /// The card a line is about: a Phosh ticket written or removed, an `updated`,
    /// `update-failed` or `notified` line.
    public var card: String?
    public var reason: String?
    public var file: String?
    public var entryDate: String?
    public var until: String?
    public var message: String?
    /// What an `updated` line changed.
    public var changes: [FieldChange]?
    /// `notified`: message, expiry, relevant or voided.
    public var kind: String?
    /// `notified`: the text shown.
    public var text: String?

    private init(event: String) { self.event = event }

    /// The card's issuer sent a new version (a pull by the host).
    public static func updated(_ card: String, changes: [FieldChange]) -> EventLine {
        var line = EventLine(event: "updated")
        line.card = card
        line.changes = changes
        return line
    }

    /// A pull of the card failed; its data stays as it was.
    public static func updateFailed(_ card: String, reason: String) -> EventLine {
        var line = EventLine(event: "update-failed")
        line.card = card
        line.reason = reason
        return line
    }

    /// A desktop notification was raised (or, without a notification service, only logged here).
    public static func notified(_ card: String, kind: String, text: String) -> EventLine {
        var line = EventLine(event: "notified")
        line.card = card
        line.kind = kind
        line.text = text
        return line
    }

    /// Every installed widget was rendered at start and the manifest written.
    public static let ready = EventLine(event: "ready")

    /// A widget's snapshot was (re)rendered into `file`.
    public static func rendered(_ widget: String, reason: ReloadReason, file: String, entryDate: Date) -> EventLine {
        var line = EventLine(event: "rendered")
        line.widget = widget
        line.reason = reason.rawValue
        line.file = file
        line.entryDate = ISO8601.format(entryDate)
        return line
    }

    /// A widget was added, configured or removed.
    public static func lifecycle(_ kind: WidgetLifecycleEvent.Kind, widget: String) -> EventLine {
        var line = EventLine(event: kind.rawValue)
        line.widget = widget
        return line
    }

    /// A policy reload was refused: the widget spent its budget until `until`.
    public static func budgetExhausted(_ widget: String, until: Date) -> EventLine {
        var line = EventLine(event: "budget-exhausted")
        line.widget = widget
        line.until = ISO8601.format(until)
        return line
    }

    /// A lock-screen widget's card has its ticket in Phosh's ticket box (written or replaced).
    public static func ticket(card: UUID, file: String) -> EventLine {
        var line = EventLine(event: "ticket")
        line.card = card.uuidString.lowercased()
        line.file = file
        return line
    }

    /// No lock-screen widget shows the card any more: its ticket left the ticket box.
    public static func ticketRemoved(card: UUID, file: String) -> EventLine {
        var line = EventLine(event: "ticket-removed")
        line.card = card.uuidString.lowercased()
        line.file = file
        return line
    }

    /// Something went wrong; the host keeps going.
    public static func error(_ message: String) -> EventLine {
        var line = EventLine(event: "error")
        line.message = message
        return line
    }

    /// The JSON text, one line, without the newline.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? #"{"event": "error"}"#
    }

    /// Writes the line to stdout at once (one `write`, no buffering); a closed stdout is ignored.
    public func print() {
        try? writeFully(Array((json + "\n").utf8), to: STDOUT_FILENO)
    }
}
