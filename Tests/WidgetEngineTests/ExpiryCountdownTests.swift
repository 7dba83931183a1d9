import Foundation
import Testing
import WalletCore
import WalletTestSupport
@testable import WidgetEngine

/// A card near its expiry counts the days down on its tile: the timeline has an entry at each
/// local midnight from a week before until the day it turns "Expired", and none for absent or
/// past expiries.
@Suite struct ExpiryCountdownTests {
    private func timeline(expiry: String?) throws -> Timeline {
        var card = Fixtures.a
        card.fields.expiry = expiry
        let provider = TimelineProvider(
            reader: FixtureReader(all: [card]), clock: .fixed(Fixtures.date("2026-11-22T09:30:00Z")),
            timeZone: TimeZone(identifier: "UTC")!)
        return try provider.timeline(for: WidgetConfiguration(family: .small, mode: .manual, cards: [.card(card.id)]))
    }

    @Test func anEntryAtEachMidnightUntilItExpires() throws {
        let soon = try timeline(expiry: "2026-11-25")
        #expect(soon.policy == .never)
        #expect(
            soon.entries.map(\.date) == [
                Fixtures.date("2026-11-22T09:30:00Z"), Fixtures.date("2026-11-23T00:00:00Z"),
                Fixtures.date("2026-11-24T00:00:00Z"), Fixtures.date("2026-11-25T00:00:00Z"),
                Fixtures.date("2026-11-26T00:00:00Z"),
            ])
    }

    @Test func noExpiryOrAPastOneAddsNothingAndAFarOneStartsWithItsCountdown() throws {
        let far = try timeline(expiry: "2027-06-30").entries.map(\.date)
        #expect(far.count == 10 && far[1] == Fixtures.date("2027-06-23T00:00:00Z"))
        #expect(try timeline(expiry: nil).entries.count == 1)
        #expect(try timeline(expiry: "2026-01-01").entries.count == 1)  // long expired: nothing changes
    }

    @Test func theCountdownStartsAWeekBefore() throws {
        // Expiring 2026-12-05: the line first reads "Expires in 7 days" on 2026-11-28.
        let dates = try timeline(expiry: "2026-12-05").entries.map(\.date)
        #expect(dates.first == Fixtures.date("2026-11-22T09:30:00Z"))
        #expect(dates.dropFirst().first == Fixtures.date("2026-11-28T00:00:00Z"))
        #expect(dates.last == Fixtures.date("2026-12-06T00:00:00Z") && dates.count == 10)
    }
}
