import FileOutput
import Foundation
import Testing
import WalletTestSupport
import WalletCore
@testable import WidgetEngine

@Suite struct HourOfWeekTests {
    @Test func indexesWeekdayAndLocalHour() {
        let utc = HourOfWeek(timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.index(of: Fixtures.date("2026-11-22T09:30:00Z")) == 0 * 24 + 9)  // Sunday
        #expect(utc.index(of: Fixtures.date("2026-11-28T23:59:59Z")) == 6 * 24 + 23)  // Saturday
        #expect(utc.index(of: Fixtures.date("1969-12-31T23:00:00Z")) == 3 * 24 + 23)  // before the epoch
        let kolkata = HourOfWeek(timeZone: TimeZone(identifier: "Asia/Kolkata")!)
        #expect(kolkata.index(of: Fixtures.date("2026-11-22T20:00:00Z")) == 1 * 24 + 1)  // Monday 01:30 local
    }

    @Test func nextHourStartsOnTheLocalHour() {
        let kolkata = HourOfWeek(timeZone: TimeZone(identifier: "Asia/Kolkata")!)
        #expect(kolkata.startOfNextHour(after: Fixtures.date("2026-11-22T20:10:00Z")) == Fixtures.date("2026-11-22T20:30:00Z"))
        let utc = HourOfWeek(timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.startOfNextHour(after: Fixtures.date("2026-11-22T09:00:00Z")) == Fixtures.date("2026-11-22T10:00:00Z"))
        // Exact to the bit from any fraction of a second (a stored expiry is built on it).
        let fraction = Fixtures.date("2026-11-22T09:41:31Z").addingTimeInterval(0.837_251)
        #expect(
            utc.startOfNextHour(after: fraction).timeIntervalSince1970
                == Fixtures.date("2026-11-22T10:00:00Z").timeIntervalSince1970)
        #expect(kolkata.startOfNextHour(after: fraction) == Fixtures.date("2026-11-22T10:30:00Z"))
    }

    @Test func cardSnapshotAnswersLikeTheReaderItRead() throws {
        let snapshot = try InMemoryCards(reading: Fixtures.reader)
        #expect(try snapshot.cards(includeArchived: false).map(\.store) == ["Gamma", "Alpha", "Beta", "Delta"])
        #expect(try snapshot.cards(includeArchived: true).count == 5)
        #expect(try snapshot.card(id: Fixtures.b.id) == Fixtures.b)
        #expect(try snapshot.dataGeneration() == 1)
        #expect(throws: WidgetError.cards(UnderlyingError(BrokenReader.Failure()))) { try InMemoryCards(reading: BrokenReader()) }
    }

    @Test func cardSnapshotReadsImagesFromItsReaderWhenAsked() throws {
        let logo = CardImage(png: Data([0x89, 0x50, 0x4E, 0x47]), width: 2, height: 1)
        var reader = Fixtures.reader
        reader.art = [Fixtures.b.id: CardArtwork(images: [.logo: logo])]
        let snapshot = try InMemoryCards(reading: reader)
        #expect(try snapshot.image(.logo, of: Fixtures.b.id) == logo)
        #expect(try snapshot.images(.logo, of: [Fixtures.a.id, Fixtures.b.id]) == [Fixtures.b.id: logo])
    }
}
