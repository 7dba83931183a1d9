import Foundation
import Testing
import WalletCore
import WidgetEngine
@_spi(Benchmarks) @testable import WidgetRenderer

/// Walks docs/ARCHITECTURE.md's "Adding a widget family" for every family: traits, sizes on
/// every screen, theme tokens, layout, buttons, default rendering and a drawing of its size.
@Suite struct WidgetFamilyRecipeTests {
    /// Where the recipe sends a family, by the face it has. A switch without a default: a new
    /// family stops this file compiling until it is placed (and the recipe walked for it).
    static func recipeSteps(for family: WidgetFamily) -> [String] {
        let common = ["WidgetFamily case", "WidgetFamilyTraits (traits)", "DeviceMetrics size", "Theme.tile"]
        switch family {
        case .small, .medium, .large: return common + ["home-screen sizes in the device table"]
        case .accessoryCircular, .accessoryRectangular, .accessoryInline:
            return common + ["LockScreenSizes", "AccessoryDrawer shape"]
        }
    }

    @Test func everyFamilyIsDescribedWhereTheRecipeSays() {
        for family in WidgetFamily.allCases {
            let traits = family.traits
            #expect(traits.maxCards >= 1, "\(family)")
            #expect(family.maxCards == traits.maxCards && family.isAccessory == traits.isAccessory)
            #expect(
                Self.recipeSteps(for: family).contains(
                    traits.isAccessory ? "AccessoryDrawer shape" : "home-screen sizes in the device table"))
            // A lock-screen widget holds one card and no buttons.
            if traits.isAccessory { #expect(traits.maxCards == 1 && traits.buttons == .none, "\(family)") }
            #expect(RenderingMode.defaultMode(for: family) == (traits.isAccessory ? .vibrant : .fullColor))
            // Sizes: on every screen that shows it (the desktop presets show every family).
            for device in DeviceMetrics.all where device.supports(family) {
                let size = device.size(of: family)
                #expect(size.width > 0 && size.height > 0, "\(device.name) \(family)")
            }
            #expect(DeviceMetrics.all.filter { $0.displayScale != nil }.allSatisfy { $0.supports(family) })
            // Theme tokens: type at or above the floors, padding inside the tile.
            let tile = Theme.tile(family)
            #expect(tile.nameSize >= Theme.numberFloor && tile.infoSize >= Theme.secondaryFloor, "\(family)")
            #expect(tile.padding > 0 && tile.headerHeight > tile.nameSize && tile.cornerRadius >= 0)
        }
    }

    @Test func everyFamilyLaysOutItsCardsAndButtonsAndDrawsAtItsSize() throws {
        for family in WidgetFamily.allCases {
            let traits = family.traits
            let size = DeviceMetrics.defaultDevice.size(of: family)
            let cards = (1...traits.maxCards).map { RendererFixtures.card($0, "Store \($0)") }
            var entry = RendererFixtures.entry(family, cards.map(DisplaySlot.card))
            if traits.maxCards == 1 { entry.stepping = Stepping(index: 0, count: 3) }
            let layout = WidgetLayout(family: family, size: size, slotCount: traits.maxCards)
            #expect(layout.tiles.count == traits.maxCards, "\(family)")
            for (index, tile) in layout.tiles.enumerated() {
                #expect(tile.x >= 0 && tile.y >= 0 && tile.maxX <= size.width && tile.maxY <= size.height)
                #expect(!layout.tiles[(index + 1)...].contains { $0.intersects(tile) }, "\(family): tiles overlap")
            }
            let buttons = WidgetButton.buttons(for: entry, layout: layout)
            switch traits.buttons {
            case .none: #expect(buttons.isEmpty, "\(family)")
            case .stepThroughCards: #expect(buttons.map(\.intent) == [.previousCard, .nextCard], "\(family)")
            case .starPerCard:
                #expect(
                    buttons.map(\.card) == cards.map { Optional($0.id) } && buttons.allSatisfy { $0.intent == .toggleFavorite })
            }
            let snapshot = try WidgetRenderer.live.render(entry, options: RenderOptions(scale: 2))
            #expect(snapshot.width == Int(size.width) * 2 && snapshot.height == Int(size.height) * 2, "\(family)")
        }
    }
}
