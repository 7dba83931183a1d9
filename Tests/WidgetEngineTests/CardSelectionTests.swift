import FileOutput
import Foundation
import Testing
import WalletTestSupport
import WalletCore
@testable import WidgetEngine

@Suite struct CardSelectionTests {
    let reader = Fixtures.reader

    @Test func resolvesIdsPrefixesNamesAndNone() throws {
        let slots = try CardSelection.resolve(
            [Fixtures.a.id.uuidString, "00000002", "Gamma", "none"], for: .medium, reader: reader)
        #expect(slots == [.card(Fixtures.a.id), .card(Fixtures.b.id), .card(Fixtures.c.id), .empty])
    }

    @Test func dropsDuplicatesBeforeCounting() throws {
        let slots = try CardSelection.resolve(
            ["Alpha", "alpha".capitalized, Fixtures.a.id.uuidString], for: .small, reader: reader)
        #expect(slots == [.card(Fixtures.a.id)])
    }

    @Test func refusesMoreThanTheFamilyHolds() {
        #expect(throws: WidgetError.tooManyCards(.small, count: 2)) {
            try CardSelection.resolve(["Alpha", "Beta"], for: .small, reader: reader)
        }
        #expect(throws: WidgetError.tooManyCards(.medium, count: 5)) {
            try CardSelection.resolve(["Alpha", "Beta", "Gamma", "Delta", "none"], for: .medium, reader: reader)
        }
    }

    @Test func unknownAmbiguousAndArchivedReferencesFail() {
        #expect(throws: WidgetError.unknownCard("Zeta")) { try CardSelection.resolve(["Zeta"], for: .large, reader: reader) }
        #expect(throws: WidgetError.ambiguousCard("0000000", matches: 5)) {
            try CardSelection.resolve(["0000000"], for: .large, reader: reader)
        }
        #expect(throws: WidgetError.archivedCard("Old")) { try CardSelection.resolve(["Old"], for: .large, reader: reader) }
        #expect(throws: WidgetError.cards(UnderlyingError(BrokenReader.Failure()))) {
            try CardSelection.resolve(["Alpha"], for: .large, reader: BrokenReader())
        }
    }

    @Test func optionsAreFavoritesFirstWithoutArchived() throws {
        let options = try CardSelection.options(reader: reader)
        #expect(options.map(\.title) == ["Gamma", "Alpha", "Beta", "Delta"])
        #expect(options[0].format == "code128")
        #expect(options[0].favorite)
    }

    private var available: [UUID: Card] {
        Dictionary(uniqueKeysWithValues: reader.all.map { ($0.id, $0) })
    }

    @Test func cleanupTrimsToTheFamilyMaximum() {
        let defaults: [CardSlot] = [Fixtures.a, Fixtures.b, Fixtures.c, Fixtures.d].map { .card($0.id) }
        #expect(CardSelection.clean(defaults, for: .small, available: available) == [.card(Fixtures.a)])
        #expect(CardSelection.clean(defaults + defaults, for: .medium, available: available).count == 4)
    }

    @Test func cleanupDropsDuplicatesAndKeepsInnerEmptySlots() {
        let slots: [CardSlot] = [.card(Fixtures.a.id), .empty, .card(Fixtures.a.id), .card(Fixtures.b.id), .empty]
        #expect(CardSelection.clean(slots, for: .medium, available: available) == [.card(Fixtures.a), .empty, .card(Fixtures.b)])
    }

    @Test func cleanupSkipsDeletedAndArchivedCards() {
        let deleted = UUID()
        let slots: [CardSlot] = [.card(deleted), .card(Fixtures.archived.id), .card(Fixtures.b.id)]
        #expect(CardSelection.clean(slots, for: .small, available: available) == [.card(Fixtures.b)])
    }

    @Test func cleanupOfNothingLeftIsTheEmptyState() {
        #expect(CardSelection.clean([.empty, .card(UUID())], for: .large, available: available).isEmpty)
        #expect(CardSelection.clean([], for: .small, available: available).isEmpty)
    }

    @Test func slotsRoundTripAsIdsAndNone() throws {
        let slots: [CardSlot] = [.card(Fixtures.a.id), .empty]
        let json = try JSONEncoder().encode(slots)
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(Fixtures.a.id.uuidString.lowercased())\",\"none\"]")
        #expect(try JSONDecoder().decode([CardSlot].self, from: json) == slots)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CardSlot].self, from: Data("[\"x\"]".utf8)) }
    }

    @Test func familiesModesAndDevicesParse() throws {
        #expect(try WidgetFamily(name: "Medium") == .medium)
        #expect(throws: WidgetError.unknownFamily("huge")) { try WidgetFamily(name: "huge") }
        #expect(try SelectionMode(name: "suggested") == .suggested)
        #expect(throws: WidgetError.unknownMode("random")) { try SelectionMode(name: "random") }
        #expect(try DeviceMetrics.named("375x667").size(of: .large) == PointSize(width: 321, height: 324))
        #expect(DeviceMetrics.defaultDevice.size(of: .medium) == PointSize(width: 364, height: 170))
        #expect(throws: WidgetError.self) { try DeviceMetrics.named("1x1") }
    }
}
