import Foundation
import WalletCore
import WidgetEngine

/// Draws a widget's buttons (``WidgetButton``): previous/next chevrons in a round backdrop and a
/// tile's star (filled for a favorite, outlined otherwise), in the color that reads on the card.
struct ButtonDrawer {
    let entry: TimelineEntry
    let buttons: [WidgetButton]
    let scale: Int
    /// Each slot's colors: a button takes the text color of the header it sits on.
    let colors: [TileColors?]

    private var s: Double { Double(scale) }

    func draw(on canvas: Canvas) {
        for button in buttons {
            let rect = button.rect.scaledToWholeUnits(s)
            let slot =
                button.card.flatMap { id in entry.slots.firstIndex { $0.card?.id == id } }
                ?? entry.slots.firstIndex { $0.card != nil }
            let card = slot.flatMap { entry.slots[$0].card }
            let ink = slot.flatMap { colors[$0]?.headerText } ?? .white
            let center = (x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
            switch button.intent {
            case .previousCard, .nextCard:
                canvas.fillCircle(center: center, radius: rect.width / 2, color: ink, alpha: 0.22)
                let arm = rect.width * 0.18
                let direction = button.intent == .nextCard ? 1.0 : -1.0
                canvas.strokePolyline(
                    [
                        (center.x - direction * arm / 2, center.y - arm), (center.x + direction * arm / 2, center.y),
                        (center.x - direction * arm / 2, center.y + arm),
                    ],
                    lineWidth: 2 * s, color: ink)
            case .toggleFavorite:
                canvas.drawPolygon(
                    Self.star(center: center, radius: rect.width * 0.42), filled: card?.favorite ?? false,
                    lineWidth: 1.2 * s, color: ink)
            }
        }
    }

    /// A five-pointed star's ten corners, the first pointing up.
    static func star(center: (x: Double, y: Double), radius: Double) -> [(x: Double, y: Double)] {
        (0..<10).map { index in
            let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
            let r = index.isMultiple(of: 2) ? radius : radius * 0.45
            return (center.x + r * cos(angle), center.y + r * sin(angle))
        }
    }
}
