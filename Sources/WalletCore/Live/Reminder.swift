import Foundation

/// A reminder the wallet raises about a card: it expires in 7 days, in 1 day, or its pass
/// becomes relevant (its `relevantDate` within the hour).
public struct Reminder: Equatable, Sendable, Hashable {
    public enum Kind: String, Sendable {
        case expiry, relevant
    }

    public var cardID: UUID
    public var kind: Kind
    /// When the reminder falls due.
    public var due: Date
    /// When what it announces happens (the expiry, the relevant date): after it, it is moot.
    public var until: Date
    public var text: String

    /// The reminders of `card`: expiry (the card's expiry day, else its pass's
    /// `expirationDate`) 7 days and 1 day before, and the pass's relevant date 1 hour before.
    /// Archived cards and voided passes get none.
    public static func of(_ card: Card, calendar: Calendar = .current) -> [Reminder] {
        guard !card.archived, card.pass?.voided != true else { return [] }
        var reminders: [Reminder] = []
        // A card's expiry day ends at the next midnight.
        let expiry =
            card.expiry.flatMap { dayStart($0, calendar: calendar) }.map { $0.addingTimeInterval(86_400) }
            ?? card.pass?.expirationDate
        if let expiry {
            for days in [7, 1] {
                reminders.append(
                    Reminder(
                        cardID: card.id, kind: .expiry, due: expiry.addingTimeInterval(-Double(days) * 86_400), until: expiry,
                        text: days == 1 ? "Expires tomorrow." : "Expires in \(days) days."))
            }
        }
        if let relevant = card.pass?.relevantDate {
            reminders.append(
                Reminder(
                    cardID: card.id, kind: .relevant, due: relevant.addingTimeInterval(-3_600),
                    until: relevant.addingTimeInterval(3_600),
                    text: "Relevant now: \(ISO8601.format(relevant))."))
        }
        return reminders
    }

    /// True when the reminder is due at `now` and not moot yet.
    public func isDue(at now: Date) -> Bool { due <= now && now < until }

    private static func dayStart(_ day: String, calendar: Calendar) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}
