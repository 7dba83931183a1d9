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

    @Test func expiryRemindsSevenDaysAndOneDayBeforeTheDayEnds() throws {
        let card = Card(fields: CardFields(store: "S", code: "1", expiry: "2026-12-10"), createdAt: .distantPast)
        let reminders = Reminder.of(card, calendar: utc)
        #expect(reminders.map(\.due) == [ISO8601.parse("2026-12-04T00:00:00Z"), ISO8601.parse("2026-12-10T00:00:00Z")])
        #expect(reminders.map(\.text) == ["Expires in 7 days.", "Expires tomorrow."])
        #expect(reminders[0].isDue(at: try #require(ISO8601.parse("2026-12-05T12:00:00Z"))))
        #expect(!reminders[0].isDue(at: try #require(ISO8601.parse("2026-12-11T00:00:00Z"))))
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
