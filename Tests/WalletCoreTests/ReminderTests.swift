import Foundation
import Testing
@testable import WalletCore

/// A card's reminders: expiry in 7 days and 1 day, relevance within the hour.
@Suite struct ReminderTests {
    let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test func expiryRemindsSevenDaysAndOneDayBeforeTheDay() throws {
        let card = Card(fields: CardFields(store: "S", code: "1", expiry: "2026-12-10"), createdAt: .distantPast)
        let reminders = Reminder.of(card, calendar: utc)
        #expect(reminders.map(\.due) == [ISO8601.parse("2026-12-03T00:00:00Z"), ISO8601.parse("2026-12-09T00:00:00Z")])
        #expect(reminders.map(\.text) == ["Expires in 7 days.", "Expires tomorrow."])
        #expect(reminders[0].isDue(at: try #require(ISO8601.parse("2026-12-05T12:00:00Z"))))
        #expect(!reminders[0].isDue(at: try #require(ISO8601.parse("2026-12-11T00:00:00Z"))))
    }

    /// Issue 37: a card expiring 2026-12-02, first seen on 11-27, is "5 days" as the widget says
    /// (in the local calendar: late evening in New York is already the next day in UTC).
    @Test func aLateReminderCountsTheDaysLeftInTheLocalCalendar() throws {
        var newYork = Calendar(identifier: .gregorian)
        newYork.timeZone = TimeZone(identifier: "America/New_York")!
        let card = Card(fields: CardFields(store: "S", code: "1", expiry: "2026-12-02"), createdAt: .distantPast)
        let week = try #require(Reminder.of(card, calendar: newYork).first(where: { $0.threshold == 7 }))
        let evening = try #require(ISO8601.parse("2026-11-28T03:30:00Z"))  // 11-27 22:30 in New York
        #expect(week.isDue(at: evening))
        #expect(week.text(at: evening, calendar: newYork) == "Expires in 5 days.")
        #expect(week.text(at: evening, calendar: utc) == "Expires in 4 days.")
        #expect(week.key == "\(card.id.lowercasedText) expiry 7 2026-12-03T05:00:00Z")
    }

    @Test func relevantDateRemindsWithinTheHour() throws {
        let relevant = try #require(ISO8601.parse("2026-11-22T10:00:00Z"))
        let pass = LivePass(serialNumber: "1", passTypeIdentifier: "t", relevantDate: relevant)
        let reminder = try #require(
            Reminder.of(Card(fields: CardFields(store: "S", code: "1"), createdAt: .distantPast, pass: pass)).first)
        #expect(reminder.kind == .relevant && reminder.due == relevant - 3_600)
        #expect(reminder.isDue(at: relevant - 1_800) && !reminder.isDue(at: relevant - 3_700))
    }

    @Test func archivedCardsAndVoidedPassesHaveNone() {
        let archived = Card(
            fields: CardFields(store: "S", code: "1", archived: true, expiry: "2026-12-10"), createdAt: .distantPast)
        let voided = Card(
            fields: CardFields(store: "S", code: "1", expiry: "2026-12-10"), createdAt: .distantPast,
            pass: LivePass(serialNumber: "1", passTypeIdentifier: "t", voided: true))
        #expect(Reminder.of(archived).isEmpty && Reminder.of(voided).isEmpty)
    }
}
