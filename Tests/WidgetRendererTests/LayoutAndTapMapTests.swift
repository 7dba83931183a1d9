import Foundation
import Testing
import WalletTestSupport
import WidgetEngine
import WalletCore
@_spi(Benchmarks) @testable import WidgetRenderer

@Suite struct LayoutAndTapMapTests {
    let size = DeviceMetrics.defaultDevice

    @Test func rowsByFamilyAndCount() {
        #expect(WidgetLayout.rows(family: .medium, count: 1, fullWidthSlots: []) == [[0]])
        #expect(WidgetLayout.rows(family: .medium, count: 2, fullWidthSlots: []) == [[0, 1]])
        #expect(WidgetLayout.rows(family: .medium, count: 3, fullWidthSlots: []) == [[0, 1], [2]])
        #expect(WidgetLayout.rows(family: .large, count: 2, fullWidthSlots: []) == [[0], [1]])
        #expect(WidgetLayout.rows(family: .large, count: 7, fullWidthSlots: []) == [[0, 1], [2, 3], [4, 5], [6]])
    }

    @Test func fullWidthSlotsGetRowsOfTheirOwnWhileTheFamilyHasRows() {
        #expect(WidgetLayout.rows(family: .medium, count: 2, fullWidthSlots: [1]) == [[0], [1]])
        #expect(WidgetLayout.rows(family: .medium, count: 3, fullWidthSlots: [0]) == [[0], [1, 2]])
        // A third row does not fit a medium widget: the full-width row moves to the bottom.
        #expect(WidgetLayout.rows(family: .medium, count: 3, fullWidthSlots: [1]) == [[0, 2], [1]])
        #expect(WidgetLayout.rows(family: .large, count: 6, fullWidthSlots: [2, 5]) == [[0, 1], [2], [3, 4], [5]])
        // Too few rows for pairs: the others go three to a row (issue 37, item 8b).
        #expect(WidgetLayout.rows(family: .large, count: 8, fullWidthSlots: [0]) == [[0], [1, 2, 3], [4, 5], [6, 7]])
        #expect(WidgetLayout.rows(family: .medium, count: 4, fullWidthSlots: [0]) == [[0], [1, 2, 3]])
        #expect(WidgetLayout.rows(family: .medium, count: 4, fullWidthSlots: [3]) == [[0, 1, 2], [3]])
        #expect(WidgetLayout.rows(family: .medium, count: 4, fullWidthSlots: [1]) == [[1], [0, 2, 3]])
        #expect(WidgetLayout.rows(family: .medium, count: 4, fullWidthSlots: [2]) == [[0, 1, 3], [2]])
        // Two full-width rows and two more slots cannot share a medium widget's two rows.
        #expect(WidgetLayout.rows(family: .medium, count: 4, fullWidthSlots: [0, 3]) == [[0], [1, 2, 3]])
    }

    @Test func aFullWidthRowInAFourCardMediumLeavesThreeTilesBesideEachOther() {
        let layout = WidgetLayout(family: .medium, size: size.medium, slotCount: 4, fullWidthRows: [1: 0])
        #expect(layout.tiles[1].width == 348 && layout.tiles[1].y == 8)
        let third = (348 - 2 * 6) / 3.0
        #expect([0, 2, 3].map { layout.tiles[$0].width } == [third, third, third])
        #expect([0, 2, 3].map { layout.tiles[$0].x } == [8, 8 + third + 6, 8 + 2 * (third + 6)])
        #expect(layout.tiles[0].y == layout.tiles[1].maxY + 6)
    }

    @Test func aFullWidthRowSpansTheWidgetAndCanBeTaller() {
        let layout = WidgetLayout(family: .medium, size: size.medium, slotCount: 2, fullWidthRows: [0: 100])
        #expect(layout.tiles.count == 2)
        #expect(layout.tiles[0].width == 348 && layout.tiles[1].width == 348)
        #expect(layout.tiles[0].height == 100 && layout.tiles[1].height == 48)
        #expect(layout.tiles[1].y == layout.tiles[0].maxY + 6)
        #expect(WidgetLayout.rowHeights(total: 100, minimums: [0, 0]) == [50, 50])
        #expect(WidgetLayout.rowHeights(total: 100, minimums: [70, 0, 0]) == [70, 15, 15])
        #expect(WidgetLayout.rowHeights(total: 100, minimums: [120, 0]) == [50, 50])
    }

    @Test func tilesStayInsideTheWidgetAndDoNotOverlap() {
        for family in WidgetFamily.allCases {
            for count in 1...family.maxCards {
                let layout = WidgetLayout(family: family, size: size.size(of: family), slotCount: count)
                #expect(layout.tiles.count == count)
                for (index, tile) in layout.tiles.enumerated() {
                    #expect(tile.x >= 0 && tile.y >= 0 && tile.maxX <= layout.bounds.maxX && tile.maxY <= layout.bounds.maxY)
                    for other in layout.tiles[(index + 1)...] {
                        let apart = tile.maxX <= other.x || other.maxX <= tile.x || tile.maxY <= other.y || other.maxY <= tile.y
                        #expect(apart)
                    }
                }
            }
        }
    }

    @Test func fullWidthRowsStayInsideTheWidgetInSlotOrderWithoutOverlap() {
        for family in [WidgetFamily.medium, .large] {
            for count in 2...family.maxCards {
                for first in 0..<count {
                    for requests in [[first: 0.0], [first: 90], [first: 0].merging([count - 1: 40]) { $1 }] {
                        let layout = WidgetLayout(
                            family: family, size: size.size(of: family), slotCount: count, fullWidthRows: requests)
                        #expect(layout.tiles.count == count)
                        for (index, tile) in layout.tiles.enumerated() {
                            #expect(
                                tile.x >= 0 && tile.y >= 0 && tile.maxX <= layout.bounds.maxX + 1e-9
                                    && tile.maxY <= layout.bounds.maxY + 1e-9)
                            for (otherIndex, other) in layout.tiles.enumerated() where otherIndex > index {
                                #expect(
                                    tile.maxX <= other.x || other.maxX <= tile.x || tile.maxY <= other.y
                                        || other.maxY <= tile.y)
                                // Later slots are to the right in the same row or in a lower row; a
                                // full-width row may move to the top or bottom (three to a row).
                                let full = { (rect: Rect) in rect.width == layout.fullRowWidth }
                                guard !full(tile), !full(other) else { continue }
                                #expect(other.y >= tile.maxY || (other.y == tile.y && other.x >= tile.maxX))
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func smallHasOneWidgetURLForItsWholeArea() {
        let card = RendererFixtures.card(1, "Alpha")
        let entry = RendererFixtures.entry(.small, [.card(card)])
        let map = TapMap(entry: entry, layout: WidgetLayout(family: .small, size: size.small, slotCount: 1))
        let url = "wallet://card/\(card.id.uuidString.lowercased())"
        #expect(map.widgetURL == url)
        #expect(map.url(atX: 1, y: 1) == url)
        #expect(map.url(atX: 169, y: 169) == url)
        #expect(map.url(atX: 170, y: 10) == nil)
        #expect(map.listedLinks == [TapMap.Link(rect: Rect(x: 0, y: 0, width: 170, height: 170), url: url)])
    }

    @Test func mediumHasOneLinkPerCardTileAndTheAppElsewhere() {
        let a = RendererFixtures.card(1, "Alpha")
        let b = RendererFixtures.card(2, "Beta")
        let entry = RendererFixtures.entry(.medium, [.card(a), .empty, .card(b)])
        let layout = WidgetLayout(family: .medium, size: size.medium, slotCount: 3)
        let map = TapMap(entry: entry, layout: layout)
        #expect(map.widgetURL == nil)
        #expect(
            map.links.map(\.url) == [
                "wallet://card/\(a.id.uuidString.lowercased())", "wallet://card/\(b.id.uuidString.lowercased())",
            ])
        #expect(map.links[0].rect == layout.tiles[0])
        #expect(map.links[1].rect == layout.tiles[2])
        #expect(map.url(atX: layout.tiles[1].x + 5, y: layout.tiles[1].y + 5) == TapMap.appURL)
        #expect(map.url(atX: 2, y: 2) == TapMap.appURL)
        #expect(map.url(atX: layout.tiles[2].x + 1, y: layout.tiles[2].y + 1) == map.links[1].url)
    }

    @Test func emptyStateAndSamplesOpenTheApp() {
        let empty = RendererFixtures.entry(.small, [])
        let map = TapMap(entry: empty, layout: WidgetLayout(family: .small, size: size.small, slotCount: 0))
        #expect(map.widgetURL == nil && map.links.isEmpty)
        #expect(map.url(atX: 50, y: 50) == TapMap.appURL)
        let placeholder = RendererFixtures.entry(.large, SampleCards.all.map(DisplaySlot.card), kind: .placeholder)
        let layout = WidgetLayout(family: .large, size: size.large, slotCount: 8)
        #expect(TapMap(entry: placeholder, layout: layout).links.isEmpty)
    }
}
