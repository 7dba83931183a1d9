import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import App

/// The app's card colors are the widgets' (``ShownColors`` over `WalletColors`), read again
/// only when the data generation moved.
@Suite struct ShownColorsTests {
    /// `color` (`#RRGGBB`) with its hue turned by `degrees`.
    private func turned(_ color: String, by degrees: Double) throws -> String {
        let hsl = CardColor.hsl(rgb: try #require(CardColor.rgbValue(color)))
        let hue = (hsl.hue + degrees).truncatingRemainder(dividingBy: 360)
        return CardColor.hex(rgb: CardColor.rgb(hue: hue, saturation: hsl.saturation, lightness: hsl.lightness))
    }

    @Test func aGeneratedColorNextToAClashingOwnColorIsShownTurnedAsTheWidgetsShowIt() throws {
        let container = TemporaryContainer()
        let repository = try container.repository()
        let colors = ShownColors(repository: repository)
        let garden = try repository.add(draft("Garden"))
        #expect(try colors.current().color(of: garden) == garden.color)

        var forest = draft("Forest")
        forest.color = try turned(garden.color, by: 10)
        _ = try repository.add(forest)
        let shown = try colors.current().color(of: garden)
        #expect(shown != garden.color)
        #expect(shown == WalletColors(try repository.cards(includeArchived: true)).color(of: garden))
        #expect(try repository.card(id: garden.id)?.color == garden.color, "the stored color is kept")
    }

    @Test func theColorsAreKeptForOneDataGeneration() throws {
        let container = TemporaryContainer()
        let repository = try container.repository()
        let colors = ShownColors(repository: repository)
        let garden = try repository.add(draft("Garden"))
        var forest = draft("Forest")
        forest.color = try turned(garden.color, by: 10)
        _ = try repository.add(forest)
        let generation = try repository.dataGeneration()
        // Given a wallet of Garden alone at this generation, that is what is kept for it.
        _ = try colors.colors(at: generation, everyCard: [garden])
        #expect(try colors.current().color(of: garden) == garden.color)
        _ = try repository.add(draft("Sea"))
        #expect(try colors.current().color(of: garden) != garden.color)
    }
}
