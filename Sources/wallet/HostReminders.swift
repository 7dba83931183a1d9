import Foundation
import WalletCore
import WidgetHost

/// The host's reminders (a ``HostChore``): a card expiring in 7 days and in 1 day, a pass
/// becoming relevant (its `relevantDate` within the hour). Each is raised once per host run,
/// as a desktop notification and a `notified` line.
final class HostReminders: HostChore {
    private let notifier: HostNotifier
    private var reminders: [Reminder] = []
    private var stores: [UUID: String] = [:]
    private var raised = Set<Reminder>()
    private var generation: Int64?

    init(notifier: HostNotifier) {
        self.notifier = notifier
    }

    func nextDue(after now: Date, cards reader: any CardReading) -> Date? {
        refresh(reader)
        return reminders.filter { !raised.contains($0) && now < $0.until }.map { max($0.due, now) }.min()
    }

    func run(at now: Date, cards reader: any CardReading) -> HostChoreResult {
        var result = HostChoreResult()
        for reminder in reminders where reminder.isDue(at: now) && raised.insert(reminder).inserted {
            let card = reminder.cardID.lowercasedText
            result.events.append(
                notifier.notify(
                    card: card, kind: reminder.kind.rawValue, title: stores[reminder.cardID] ?? "Wallet", text: reminder.text,
                    url: DeepLink.card(reminder.cardID).url))
        }
        return result
    }

    /// Re-reads the cards' reminders when the data generation moved.
    private func refresh(_ reader: any CardReading) {
        guard let latest = try? reader.dataGeneration(), latest != generation else { return }
        generation = latest
        let cards = (try? reader.cards(includeArchived: false)) ?? []
        reminders = cards.flatMap { Reminder.of($0) }
        stores = Dictionary(cards.map { ($0.id, $0.store) }, uniquingKeysWith: { first, _ in first })
    }
}
