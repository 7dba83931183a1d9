import Foundation
import WalletCore
import WidgetHost

/// The host's reminders (a ``HostChore``): a card expiring in 7 days and in 1 day, a pass
/// becoming relevant (its `relevantDate` within the hour). Each is raised once per threshold per
/// card, across host runs (``NotifiedReminders``), as a desktop notification and a `notified`
/// line; the days are counted in the local calendar, as the widget counts them. When several
/// expiry thresholds of a card are due at once (the host was off), only the nearest is raised.
final class HostReminders: HostChore {
    private let notifier: HostNotifier
    private let notified: NotifiedReminders
    private let calendar: Calendar
    private var reminders: [Reminder] = []
    private var stores: [UUID: String] = [:]
    private var generation: Int64?

    init(notifier: HostNotifier, notified: NotifiedReminders, calendar: Calendar = .current) {
        self.notifier = notifier
        self.notified = notified
        self.calendar = calendar
    }

    func nextDue(after now: Date, cards reader: any CardReading) -> Date? {
        refresh(reader)
        return reminders.filter { !notified.contains($0) && now < $0.until }.map { max($0.due, now) }.min()
    }

    func run(at now: Date, cards reader: any CardReading) -> HostChoreResult {
        var result = HostChoreResult()
        let due = reminders.filter { $0.isDue(at: now) && !notified.contains($0) }
        for reminder in due where !Self.isSuperseded(reminder, among: due) {
            result.events.append(
                notifier.notify(
                    card: reminder.cardID.lowercasedText, kind: reminder.kind.rawValue,
                    title: stores[reminder.cardID] ?? "Wallet", text: reminder.text(at: now, calendar: calendar),
                    url: DeepLink.card(reminder.cardID).url))
        }
        notified.record(due, now: now)
        return result
    }

    /// An expiry reminder whose card has a nearer threshold due too ("in 7 days" on the day
    /// before): that one is raised, this one only recorded.
    private static func isSuperseded(_ reminder: Reminder, among due: [Reminder]) -> Bool {
        guard reminder.kind == .expiry, let threshold = reminder.threshold else { return false }
        return due.contains { other in
            other.cardID == reminder.cardID && other.kind == .expiry && (other.threshold ?? .max) < threshold
        }
    }

    /// Re-reads the cards' reminders when the data generation moved.
    private func refresh(_ reader: any CardReading) {
        guard let latest = try? reader.dataGeneration(), latest != generation else { return }
        generation = latest
        let cards = (try? reader.cards(includeArchived: false)) ?? []
        reminders = cards.flatMap { Reminder.of($0, calendar: calendar) }
        stores = Dictionary(cards.map { ($0.id, $0.store) }, uniquingKeysWith: { first, _ in first })
    }
}
