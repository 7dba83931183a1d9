import Foundation
import WidgetEngine
import WalletCore

/// A button drawn on a widget: where it is (points), the intent a tap runs and the card it acts on.
public struct WidgetButton: Equatable, Sendable {
    public var rect: Rect
    public var intent: WidgetIntent
    /// The card a star toggles; nil for previous/next.
    public var card: UUID?

    public init(rect: Rect, intent: WidgetIntent, card: UUID?) {
        self.rect = rect
        self.intent = intent
        self.card = card
    }

    /// Side of a small widget's previous/next buttons, their distance from the widget's top and
    /// right edges, and the gap between them (points).
    static let stepSide = 24.0
    static let stepInset = 6.0
    static let stepGap = 4.0
    /// Side of a tile's star and its distance from the tile's top and right edges (points).
    static let starSide = 18.0
    static let starInset = 3.0

    /// The buttons of `entry` laid out by `layout`, as its family's traits say: previous/next in
    /// the top-right corner of a widget that steps through ranked cards (small); a star in the
    /// top-right corner of every card tile (medium, large). Only live entries (real cards) have buttons; the
    /// drawing keeps the name and the barcode clear of them.
    static func buttons(for entry: TimelineEntry, layout: WidgetLayout) -> [WidgetButton] {
        if entry.hasStepButtons, let tile = layout.tiles.first {
            let y = tile.y + stepInset
            let next = Rect(x: tile.maxX - stepInset - stepSide, y: y, width: stepSide, height: stepSide)
            let previous = Rect(x: next.x - stepGap - stepSide, y: y, width: stepSide, height: stepSide)
            return [
                WidgetButton(rect: previous, intent: .previousCard, card: nil),
                WidgetButton(rect: next, intent: .nextCard, card: nil),
            ]
        }
        guard entry.kind == .timeline, entry.family.traits.buttons == .starPerCard else { return [] }
        return zip(entry.slots, layout.tiles).compactMap { slot, tile in
            slot.card.map {
                WidgetButton(
                    rect: Rect(x: tile.maxX - starInset - starSide, y: tile.y + starInset, width: starSide, height: starSide),
                    intent: .toggleFavorite, card: $0.id)
            }
        }
    }
}
