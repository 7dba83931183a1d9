import Foundation
import WalletCore
import WidgetEngine

/// One entry of a widget's tap targets as `widget links --json` and the host's `manifest.json`
/// list them, in points: a link (`url`) or a button (`intent`, and `card` when it acts on one).
/// Absent keys are left out of the JSON.
public struct TapTarget: Encodable, Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var url: String?
    public var intent: String?
    public var card: String?

    init(rect: Rect, url: String? = nil, intent: String? = nil, card: String? = nil) {
        (x, y, width, height) = (rect.x, rect.y, rect.width, rect.height)
        self.url = url
        self.intent = intent
        self.card = card
    }
}

extension TapMap {
    /// Every tap target, links first (``listedLinks``), then the buttons.
    public var listedTargets: [TapTarget] {
        listedLinks.map { TapTarget(rect: $0.rect, url: $0.url) }
            + buttons.map { TapTarget(rect: $0.rect, intent: $0.intent.rawValue, card: $0.card?.lowercasedText) }
    }
}
