import Foundation

/// The color each card of a wallet is shown in, everywhere it is drawn (widget tiles, the lock
/// screen, `card show --png`, the PDF ticket), so a card keeps one color.
///
/// A card's own color (chosen by its owner, or its pass's) is shown as it is. A color the
/// wallet generated from the store name (``CardColor/derived(fromStore:)``) keeps its saturation
/// and lightness and is turned in hue, where it would clash, away from the wallet's other
/// colors, hues measured as the eye spaces them (`PerceptualHue`): own colors are placed first, then the generated ones in the order the cards were
/// added (store names, then ids, break ties), each at its own hue when that is ``minimumHueDistance`` from every
/// hue placed before it, else at the nearest hue that is, else at the hue farthest from all.
/// The result depends on the card and the whole wallet only, never on which cards share a
/// widget. Two generated colors are never the same hue while the wallet has fewer than 360 of
/// them, and a card added later with a generated color moves no earlier card's color.
public struct WalletColors: Sendable {
    /// Two hues closer than this (OKLab degrees) clash; generated colors keep it where the wheel
    /// has room.
    public static let minimumHueDistance = 40.0
    /// Colors less saturated than this are greys: they have no hue to clash with.
    public static let greySaturation = 0.15

    /// The shown color (`#RRGGBB`) of each card whose generated color was turned.
    private let turned: [UUID: String]

    /// Assigns the colors of `cards`: the whole wallet, archived cards included, in any order.
    public init(_ cards: [Card]) {
        // Distance (OKLab degrees) from the color of each whole HSL degree to the nearest
        // color placed so far.
        var nearest = [Double](repeating: 180, count: 360)
        let wheel = PerceptualHue.ofHSLDegree
        func place(_ rgb: UInt32) {
            let hue = PerceptualHue.degrees(rgb: rgb)
            for degree in nearest.indices { nearest[degree] = min(nearest[degree], Self.distance(wheel[degree], hue)) }
        }
        // Cards added in the same instant (an import) go by store name: ids are random.
        let generated = cards.filter(Self.isGenerated).sorted {
            ($0.createdAt, $0.store, $0.id.uuidString) < ($1.createdAt, $1.store, $1.id.uuidString)
        }
        for card in cards where !Self.isGenerated(card) {
            guard let value = CardColor.rgbValue(card.color) else { continue }
            let own = CardColor.hsl(rgb: value)
            if own.saturation > Self.greySaturation { place(value) }
        }
        var turned: [UUID: String] = [:]
        for card in generated {
            let store = card.store.trimmingCharacters(in: .whitespacesAndNewlines)
            let (hue, saturation, lightness) = CardColor.derivedHSL(fromStore: store)
            let start = Int(hue) % 360
            let chosen = Self.hue(near: start, nearest: nearest)
            let rgb = CardColor.rgb(hue: Double(chosen), saturation: saturation, lightness: lightness)
            if chosen != start { turned[card.id] = CardColor.hex(rgb: rgb) }
            place(rgb)
        }
        self.turned = turned
    }

    /// The color `card` is shown in (`#RRGGBB`).
    public func color(of card: Card) -> String {
        turned[card.id] ?? card.color
    }

    /// `card` with its color replaced by the one it is shown in, for drawing.
    public func shown(_ card: Card) -> Card {
        guard let color = turned[card.id] else { return card }
        var shown = card
        shown.fields.color = color
        return shown
    }

    /// `start` when it is clear of every placed hue; else the clear degree nearest to it (the
    /// clockwise one on a tie); else the degree farthest from every placed hue (nearest to
    /// `start` on a tie).
    private static func hue(near start: Int, nearest: [Double]) -> Int {
        if nearest[start] >= minimumHueDistance { return start }
        var farthest = start
        for offset in 1...180 {
            for degree in [(start + offset) % 360, (start - offset + 360) % 360] {
                if nearest[degree] >= minimumHueDistance { return degree }
                if nearest[degree] > nearest[farthest] { farthest = degree }
            }
        }
        return farthest
    }

    /// Distance between two hues on the wheel, 0...180 degrees.
    public static func distance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// True when the card's color is the one the wallet derives from its store name.
    public static func isGenerated(_ card: Card) -> Bool {
        card.color == CardColor.derived(fromStore: card.store.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
