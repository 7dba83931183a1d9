import FileOutput
import Foundation
import Testing
import WalletTestSupport
import WalletCore
@testable import WidgetEngine

@Suite struct TimelineProviderTests {
    private func provider(_ reader: CardReading, now: String = "2026-11-22T09:30:00Z") -> TimelineProvider {
        TimelineProvider(reader: reader, clock: .fixed(Fixtures.date(now)), timeZone: TimeZone(identifier: "UTC")!)
    }

    /// Alpha opened on Sunday mornings at 9, Beta on Sunday evenings at 18, over three weeks.
    private var usageReader: FixtureReader {
        var reader = Fixtures.reader
        for week in 1...3 {
            let offset = Double(week) * -7 * 86_400
            reader.events.append(
                UsageEvent(cardID: Fixtures.a.id, date: Fixtures.date("2026-11-22T09:10:00Z").addingTimeInterval(offset)))
            reader.events.append(
                UsageEvent(cardID: Fixtures.b.id, date: Fixtures.date("2026-11-22T18:20:00Z").addingTimeInterval(offset)))
        }
        return reader
    }

    @Test func manualShowsTheCleanedSelectionWithPolicyNever() throws {
        let configuration = WidgetConfiguration(
            family: .medium, mode: .manual, cards: [.card(Fixtures.b.id), .empty, .card(UUID()), .card(Fixtures.a.id)])
        let timeline = try provider(Fixtures.reader).timeline(for: configuration)
        #expect(timeline.policy == .never)
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries[0].slots == [.card(Fixtures.b), .empty, .card(Fixtures.a)])
        #expect(timeline.entries[0].date == Fixtures.date("2026-11-22T09:30:00Z"))
        #expect(timeline.entries[0].relevance.duration == 1800)
    }

    @Test func manualWithNothingLeftIsTheEmptyState() throws {
        let configuration = WidgetConfiguration(family: .small, mode: .manual, cards: [.empty])
        let entry = try provider(Fixtures.reader).currentEntry(for: configuration)
        #expect(entry.isEmptyState)
        #expect(entry.kind == .timeline)
    }

    @Test func recentShowsLastUsedFirst() throws {
        var reader = Fixtures.reader
        reader.all[1].lastUsed = Fixtures.date("2026-11-21T10:00:00Z")  // Beta
        reader.all[3].lastUsed = Fixtures.date("2026-11-22T08:00:00Z")  // Delta
        let configuration = WidgetConfiguration(family: .medium, mode: .recent, cards: [])
        let timeline = try provider(reader).timeline(for: configuration)
        #expect(timeline.policy == .never)
        #expect(timeline.entries[0].cards.map(\.store) == ["Delta", "Beta", "Gamma", "Alpha"])
    }

    @Test func suggestedFollowsTheUsagePatternOverTheNextDay() throws {
        let configuration = WidgetConfiguration(family: .small, mode: .suggested, cards: [])
        let timeline = try provider(usageReader).timeline(for: configuration)
        #expect(timeline.policy == .atEnd)
        let summary = timeline.entries.map { (ISO8601.format($0.date), $0.cards.map(\.store)) }
        let expected: [(String, [String])] = [
            ("2026-11-22T09:30:00Z", ["Alpha"]),
            ("2026-11-22T11:00:00Z", ["Gamma"]),  // nothing expected: the favorite
            ("2026-11-22T17:00:00Z", ["Beta"]),
            ("2026-11-22T20:00:00Z", ["Gamma"]),
            ("2026-11-23T09:00:00Z", ["Alpha"]),  // same hour, another weekday
        ]
        #expect(summary.map(\.0) == expected.map(\.0))
        #expect(summary.map(\.1) == expected.map(\.1))
        for (entry, next) in zip(timeline.entries, timeline.entries.dropFirst()) {
            #expect(entry.relevance.duration == next.date.timeIntervalSince(entry.date))
            #expect(next.date.timeIntervalSince(entry.date) >= TimelineProvider.minimumSpacing)
        }
    }

    @Test func relevanceIsHigherWhenTheShownCardIsLikelyNeeded() throws {
        let configuration = WidgetConfiguration(family: .small, mode: .suggested, cards: [])
        let entries = try provider(usageReader).timeline(for: configuration).entries
        #expect(entries[0].relevance.score > 0.5)
        #expect(entries[1].relevance.score == 0)
        #expect(entries.allSatisfy { (0...1).contains($0.relevance.score) })
    }

    @Test func entriesStayFiveMinutesApart() throws {
        var reader = Fixtures.reader
        reader.events = [UsageEvent(cardID: Fixtures.a.id, date: Fixtures.date("2026-11-15T09:10:00Z"))]
        for minute in ["05", "15", "25"] {
            reader.events.append(UsageEvent(cardID: Fixtures.b.id, date: Fixtures.date("2026-11-15T10:\(minute):00Z")))
        }
        let configuration = WidgetConfiguration(family: .small, mode: .suggested, cards: [])
        let entries = try provider(reader, now: "2026-11-22T09:57:00Z").timeline(for: configuration).entries
        #expect(entries[0].cards.map(\.store) == ["Alpha"])
        #expect(entries[1].cards.map(\.store) == ["Beta"])
        #expect(entries[1].date == Fixtures.date("2026-11-22T10:02:00Z"))
    }

    @Test func placeholderIsRedactedSampleData() {
        let entry = provider(Fixtures.reader).placeholder(for: .large)
        #expect(entry.isRedacted)
        #expect(entry.cards.count == 8)
        #expect(entry.cards == SampleCards.all)
    }

    @Test func snapshotUsesSamplesOnlyForAnEmptyWallet() throws {
        let configuration = WidgetConfiguration(family: .medium, mode: .manual, cards: [.card(Fixtures.a.id)])
        let real = try provider(Fixtures.reader).preview(for: configuration)
        #expect(real.kind == .timeline)
        #expect(real.cards == [Fixtures.a])
        let sample = try provider(FixtureReader(all: [])).preview(for: configuration)
        #expect(sample.kind == .sample)
        #expect(!sample.isRedacted)
        #expect(sample.cards.count == 4)
    }

    @Test func readerFailuresSurface() {
        let configuration = WidgetConfiguration(family: .small, mode: .manual, cards: [])
        #expect(throws: WidgetError.cards(UnderlyingError(BrokenReader.Failure()))) {
            try provider(BrokenReader()).timeline(for: configuration)
        }
    }
}
