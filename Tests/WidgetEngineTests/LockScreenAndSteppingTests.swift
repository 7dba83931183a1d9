import Foundation
import Testing
import WalletCore
@testable import WidgetEngine
import WalletTestSupport

@Suite struct LockScreenAndSteppingTests {
    /// Removed with everything in it when the test ends.
    private let scratch = TemporaryDirectory("lock-screen-tests")

    private func provider(_ reader: CardReading) -> TimelineProvider {
        TimelineProvider(
            reader: reader, clock: .fixed(Fixtures.date("2026-11-22T09:30:00Z")), timeZone: TimeZone(identifier: "UTC")!)
    }

    private func makeCenter() -> WidgetCenter {
        WidgetCenter(container: SharedContainer(url: scratch.file("home")))
    }

    @Test func lockScreenSizesFollowTheGuidelinesTable() throws {
        let largest = try DeviceMetrics.named("430x932")
        #expect(largest.size(of: .accessoryCircular) == PointSize(width: 76, height: 76))
        #expect(largest.size(of: .accessoryRectangular) == PointSize(width: 172, height: 76))
        #expect(largest.size(of: .accessoryInline) == PointSize(width: 257, height: 26))
        let x = try DeviceMetrics.named("375x812")
        #expect(x.size(of: .accessoryRectangular) == PointSize(width: 157, height: 72))
        #expect(x.size(of: .accessoryInline) == PointSize(width: 225, height: 26))
        #expect(try DeviceMetrics.named("375x667").size(of: .accessoryCircular) == PointSize(width: 68, height: 68))
    }

    @Test func aScreenWithoutLockScreenWidgetsRefusesThem() throws {
        let se = try DeviceMetrics.named("320x568")
        #expect(se.supports(.small) && !se.supports(.accessoryInline))
        #expect(throws: WidgetError.self) { try se.check(.accessoryCircular) }
        do {
            try se.check(.accessoryCircular)
        } catch {
            #expect(error.description.contains("320x568") && error.description.contains("375x667"))
            #expect(!error.description.contains("320x568,"))
        }
        try se.check(.large)
    }

    @Test func accessoryFamiliesParseAndHoldOneCard() throws {
        #expect(try WidgetFamily(name: "Accessory-Rectangular") == .accessoryRectangular)
        #expect(WidgetFamily.allCases.filter(\.isAccessory).map(\.maxCards) == [1, 1, 1])
        #expect(throws: WidgetError.tooManyCards(.accessoryInline, count: 2)) {
            try CardSelection.resolve(["Alpha", "Beta"], for: .accessoryInline, reader: Fixtures.reader)
        }
        #expect(try SelectionMode(name: "Favorites") == .favorites)
        #expect(
            WidgetError.tooManyCards(.accessoryInline, count: 2).description
                == "too many cards for an accessory-inline widget: 2 given, it holds at most 1")
        #expect(WidgetError.tooManyCards(.small, count: 2).description.hasPrefix("too many cards for a small widget"))
    }

    @Test func positionsKeepTheirIndexOnlyInTheSameRanking() {
        let ids = [Fixtures.a.id, Fixtures.b.id, Fixtures.c.id]
        let second = CardPosition.stepped(nil, by: 1, in: ids)
        #expect(CardPosition.index(second, in: ids) == 1)
        #expect(CardPosition.index(second, in: ids.reversed()) == 0)
        #expect(CardPosition.index(CardPosition.stepped(nil, by: -1, in: ids), in: ids) == 2)
        #expect(CardPosition.index(CardPosition.stepped(second, by: 5, in: ids), in: ids) == 0)
        #expect(CardPosition.digest(of: ids) != CardPosition.digest(of: ids.reversed()))
        #expect(CardPosition.index(nil, in: []) == 0)
    }

    @Test func favoritesModeShowsTheFavoritesInTheReadersOrder() throws {
        var reader = Fixtures.reader
        reader.all[0].favorite = true  // Alpha
        let medium = try provider(reader).timeline(for: WidgetConfiguration(family: .medium, mode: .favorites, cards: []))
        #expect(medium.policy == .never)
        #expect(medium.entries[0].cards.map(\.store) == ["Alpha", "Gamma"])
        #expect(medium.entries[0].stepping == nil)
        let none = try provider(FixtureReader(all: [Fixtures.a, Fixtures.b]))
            .currentEntry(for: WidgetConfiguration(family: .small, mode: .favorites, cards: []))
        #expect(none.isEmptyState)
    }

    @Test func aOneCardWidgetShowsTheCardItsPositionNames() throws {
        let provider = provider(Fixtures.reader)
        var small = WidgetConfiguration(family: .small, mode: .recent, cards: [])
        let ranking = try provider.ranking(for: small)
        #expect(ranking.count == 4)
        #expect(try provider.currentEntry(for: small).cards == [Fixtures.c])  // ties: reader order, favorites first
        small.position = CardPosition.stepped(nil, by: 2, in: ranking)
        let entry = try provider.currentEntry(for: small)
        #expect(entry.cards.map(\.id) == [ranking[2]])
        #expect(entry.stepping == Stepping(index: 2, count: 4))
        #expect(entry.hasStepButtons)
        let lock = WidgetConfiguration(family: .accessoryRectangular, mode: .recent, cards: [], position: small.position)
        let lockEntry = try provider.currentEntry(for: lock)
        #expect(lockEntry.cards.map(\.id) == [ranking[2]] && !lockEntry.hasStepButtons)
        small.position = CardPosition(index: 2, ranking: "stale")
        #expect(try provider.currentEntry(for: small).cards.map(\.id) == [ranking[0]])
    }

    @Test func inlineTextIsStoreAndNumber() throws {
        let entry = try provider(Fixtures.reader).currentEntry(
            for: WidgetConfiguration(family: .accessoryInline, mode: .manual, cards: [.card(Fixtures.b.id)]))
        #expect(entry.inlineText == "Beta · 123452")
        let empty = try provider(Fixtures.reader).currentEntry(
            for: WidgetConfiguration(family: .accessoryInline, mode: .manual, cards: []))
        #expect(empty.inlineText == "Choose a card")
    }

    @Test func steppingIsStoredAndAReconfigurationForgetsIt() throws {
        let center = makeCenter()
        let small = try center.add(family: .small, mode: .recent, cards: [])
        let position = try center.step(small.id) { stored in
            CardPosition.stepped(stored.position, by: 1, in: [Fixtures.a.id, Fixtures.b.id])
        }
        #expect(try center.widget(small.id).position == position)
        try center.step(small.id) { CardPosition.stepped($0.position, by: 1, in: [Fixtures.a.id, Fixtures.b.id]) }
        #expect(try center.widget(small.id).position?.index == 0)
        try center.configure(small.id, cards: nil, mode: .favorites)
        #expect(try center.widget(small.id).position == nil)
        #expect(throws: WidgetError.unknownWidget("nope")) { try center.step("nope") { _ in position } }
    }

    @Test func aMovedPositionIsNotAReconfiguration() {
        let widget = WidgetConfiguration(family: .small, mode: .recent, cards: [])
        var stepped = widget
        stepped.position = CardPosition(index: 1, ranking: "abc")
        #expect(widget.differsOnlyInPosition(from: stepped))
        #expect(!widget.differsOnlyInPosition(from: widget))
        var reconfigured = stepped
        reconfigured.mode = .favorites
        #expect(!widget.differsOnlyInPosition(from: reconfigured))
    }

    @Test func anIntentReloadsOnlyTheTappedWidget() throws {
        let center = makeCenter()
        let tapped = try center.add(family: .small, mode: .recent, cards: [])
        let other = try center.add(family: .medium, mode: .recent, cards: [])
        let timeline = Timeline(entries: [], policy: .never)
        try center.recordDeliveries([tapped.id: timeline, other.id: timeline], generation: 7)
        #expect(try center.widgetsNeedingReload(generation: 7, now: Date()).isEmpty)
        try center.reloadAfterIntent(tapped.id)
        #expect(try center.widgetsNeedingReload(generation: 7, now: Date()) == [tapped.id])
        #expect(try center.takeReloadRequests() == [ReloadRequest(widget: tapped.id, reason: .intent)])
    }

    @Test func intentsWithNothingToActOnFailAndChangeNothing() throws {
        let center = makeCenter()
        let small = try center.add(family: .small, mode: .manual, cards: [.card(Fixtures.a.id)])
        let runner = WidgetIntentRunner(
            center: center, provider: provider(Fixtures.reader),
            favorites: FavoriteToggle(container: SharedContainer(url: scratch.file("home"))))
        #expect(throws: WidgetError.intentFailed("the widget has no other card to step to")) {
            try runner.run(.nextCard, card: nil, on: small)
        }
        #expect(throws: WidgetError.intentFailed("the star button names no card")) {
            try runner.run(.toggleFavorite, card: nil, on: small)
        }
        #expect(throws: WidgetError.self) { try runner.run(.toggleFavorite, card: Fixtures.a.id, on: small) }
        #expect(try center.widget(small.id).position == nil)
    }
}
