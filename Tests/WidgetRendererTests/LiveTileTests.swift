import Foundation
import Testing
import WalletCore
import WalletTestSupport
import WidgetEngine
@_spi(Benchmarks) @testable import WidgetRenderer

/// What a live pass adds to its tile: the issuer's unread message, its first front field that is
/// not the balance, and when it was last updated (marked once stale); drawn on a medium tile.
@Suite struct LiveTileTests {
    let now = ISO8601.parse("2026-11-22T09:30:00Z")!
    let utc = TimeZone(identifier: "UTC")!

    func card(updated: String?, message: String? = nil) -> Card {
        var card = RendererFixtures.card(1, "Coffee Club")
        card.fields.balance = "15.75"
        card.fields.currency = "EUR"
        card.pass = LivePass(
            serialNumber: "S-1", passTypeIdentifier: "pass.example.coffee", webServiceURL: "https://issuer.example/passes",
            authenticationToken: "token-0123456789abcdef",
            fields: [
                LiveField(key: "balance", label: "Balance", value: "15.75", section: .primary),
                LiveField(key: "tier", label: "Tier", value: "Gold", section: .secondary),
            ],
            updatedAt: updated.flatMap(ISO8601.parse), message: message)
        return card
    }

    @Test func aLivePassAddsItsMessageFieldAndFreshness() {
        let info = TileInfo(card: card(updated: "2026-11-22T08:05:00Z", message: "Gate changed to B7"), date: now, timeZone: utc)
        #expect(info.lines.map(\.text) == ["15.75 EUR", "Gate changed to B7", "Tier Gold", "Updated 08:05"])
        #expect(info.lines[1].emphasised && !info.lines[3].emphasised)
    }

    @Test func anOldPullIsMarkedStale() {
        let info = TileInfo(card: card(updated: "2026-11-21T18:00:00Z"), date: now, timeZone: utc)
        #expect(info.lines.last == TileInfo.Line(text: "Not updated since 21 Nov", emphasised: true, short: "Stale: 21 Nov"))
    }

    @Test func theTimelineHasAnEntryWhenTheDataTurnsStale() throws {
        let live = card(updated: "2026-11-22T08:00:00Z")
        let provider = TimelineProvider(reader: FixtureReader(all: [live]), clock: .fixed(now), timeZone: utc)
        let dates = try provider.timeline(for: WidgetConfiguration(family: .medium, mode: .manual, cards: [.card(live.id)]))
            .entries.map(\.date)
        #expect(dates == [now, ISO8601.parse("2026-11-22T14:00:01Z")!])
    }

    @Test func aMediumTileShowsTheField() throws {
        let renderer = RendererFixtures.renderer { _ in RendererFixtures.square(21) }
        let entry = RendererFixtures.entry(.medium, [.card(card(updated: "2026-11-22T08:05:00Z"))])
        let recorder = LayoutRecorder(scale: 2)
        _ = try renderer.render(entry, options: RenderOptions(scale: 2), recorder: recorder)
        let texts = recorder.texts.map(\.text)
        #expect(texts.contains("Tier Gold") || texts.contains("Gold"), "\(texts)")
    }
}

/// A pass whose `relevantDate` is within the hour raises the entry's relevance score to 1 for
/// that hour (a lock-screen or stacked widget shows it first), with entries where it starts and ends.
@Suite struct PassRelevanceTests {
    @Test func theHourAroundARelevantDateScoresOne() throws {
        let now = ISO8601.parse("2026-11-22T09:30:00Z")!
        var card = RendererFixtures.card(1, "Flight")
        card.pass = LivePass(
            serialNumber: "F-1", passTypeIdentifier: "pass.example.air", relevantDate: ISO8601.parse("2026-11-22T12:00:00Z"))
        let provider = TimelineProvider(
            reader: FixtureReader(all: [card]), clock: .fixed(now), timeZone: TimeZone(identifier: "UTC")!)
        let timeline = try provider.timeline(
            for: WidgetConfiguration(family: .accessoryRectangular, mode: .manual, cards: [.card(card.id)]))
        let scores = timeline.entries.map { (ISO8601.format($0.date), $0.relevance.score) }
        #expect(scores.map(\.0) == ["2026-11-22T09:30:00Z", "2026-11-22T11:00:00Z", "2026-11-22T13:00:01Z"])
        #expect(scores.map(\.1) == [0, 1, 0])
    }
}
