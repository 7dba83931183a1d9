import Foundation

/// A reminder the wallet raises about a card: it expires in 7 days, in 1 day, or its pass
/// becomes relevant (its `relevantDate` within the hour).
///
/// Expiry days are counted as the widget counts them (``CardDate/days(from:to:in:)``): whole
/// days in the local calendar, so the reminder and the tile say the same number.
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
    /// The text as of when the reminder fell due; ``text(at:calendar:)`` as of another moment.
    public var text: String
    /// For an expiry reminder: how many days before the expiry day it falls due (7 or 1).
    public var threshold: Int?
    /// For an expiry reminder: the start of the expiry day in the reminder's calendar.
    public var expiryDay: Date?

    /// What the reminder says at `now`: an expiry reminder raised late (the host was not
    /// running when it fell due) counts the days left then: "Expires in 5 days.".
    public func text(at now: Date, calendar: Calendar = .current) -> String {
        guard kind == .expiry, let expiryDay else { return text }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: expiryDay).day ?? 0
        return Self.expiryText(days: days)
    }

    /// What identifies the reminder across host runs: card, kind, threshold and the moment it
    /// is about (a changed expiry is a new reminder).
    public var key: String {
        "\(cardID.lowercasedText) \(kind.rawValue) \(threshold.map(String.init) ?? "-") \(ISO8601.format(until))"
    }

    private static func expiryText(days: Int) -> String {
        switch days {
        case ...0: "Expires today."
        case 1: "Expires tomorrow."
        default: "Expires in \(days) days."
        }
    }

    /// The reminders of `card`: expiry (the card's expiry day, else its pass's
    /// `expirationDate`) at the start of the local day 7 days and 1 day before the expiry day,
    /// and the pass's relevant date 1 hour before. Archived cards and voided passes get none.
    public static func of(_ card: Card, calendar: Calendar = .current) -> [Reminder] {
        guard !card.archived, card.pass?.voided != true else { return [] }
        var reminders: [Reminder] = []
        // A card's expiry day ends at the next midnight; a pass expires at its instant.
        let day = card.expiry.flatMap { dayStart($0, calendar: calendar) }
        let expiry = day.flatMap { calendar.date(byAdding: .day, value: 1, to: $0) } ?? card.pass?.expirationDate
        if let expiry, let expiryDay = day ?? card.pass?.expirationDate.map(calendar.startOfDay(for:)) {
            for days in [7, 1] {
                guard let due = calendar.date(byAdding: .day, value: -days, to: expiryDay) else { continue }
                reminders.append(
                    Reminder(
                        cardID: card.id, kind: .expiry, due: due, until: expiry, text: expiryText(days: days),
                        threshold: days, expiryDay: expiryDay))
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
