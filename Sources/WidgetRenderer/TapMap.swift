import Foundation
import WalletCore
import WidgetEngine

/// Where taps on a widget go: a one-card widget (small, lock screen) has one `widgetURL` for its
/// whole area; medium and large have one link per card tile; buttons run their intent; anywhere
/// else opens the app.
public struct TapMap: Equatable, Sendable {
    /// One tappable rectangle, in points, and the deep link it opens.
    public struct Link: Equatable, Sendable, Codable {
        public var rect: Rect
        public var url: String
    }

    /// The URL a tap outside every link opens.
    public static let appURL = DeepLink.app.url

    /// The widget's bounds in points.
    public let bounds: Rect
    /// A one-card family's whole-widget URL; nil for medium and large.
    public let widgetURL: String?
    /// Per-tile links (medium and large).
    public let links: [Link]
    /// Buttons (previous/next, stars); a tap on one runs its intent instead of opening a link.
    public let buttons: [WidgetButton]

    /// What a tap reaches: a deep link, or a button.
    public enum Target: Equatable, Sendable {
        case link(String)
        case button(WidgetButton)
    }

    /// The tap map of `entry` laid out by `layout`. Sample and placeholder cards link nowhere
    /// (they are not in the wallet), and the empty state opens the app to configure.
    public init(entry: TimelineEntry, layout: WidgetLayout) {
        bounds = layout.bounds
        let live = entry.kind == .timeline
        buttons = WidgetButton.buttons(for: entry, layout: layout)
        if entry.family.maxCards == 1 {
            widgetURL = live ? entry.cards.first.map { Self.cardURL($0.id) } : nil
            links = []
        } else {
            widgetURL = nil
            links =
                live
                ? zip(entry.slots, layout.tiles).compactMap { slot, rect in
                    slot.card.map { Link(rect: rect, url: Self.cardURL($0.id)) }
                } : []
        }
    }

    /// What a tap at (x, y) points reaches: a button first, else the link under it, else the
    /// app; nil outside the widget.
    public func target(atX x: Double, y: Double) -> Target? {
        guard bounds.contains(x: x, y: y) else { return nil }
        if let button = buttons.first(where: { $0.rect.contains(x: x, y: y) }) { return .button(button) }
        return url(atX: x, y: y).map(Target.link)
    }

    /// The URL a tap at (x, y) points opens, buttons aside; outside the widget there is nothing to tap.
    public func url(atX x: Double, y: Double) -> String? {
        guard bounds.contains(x: x, y: y) else { return nil }
        if let widgetURL { return widgetURL }
        return links.first { $0.rect.contains(x: x, y: y) }?.url ?? Self.appURL
    }

    /// The rectangles `widget links` prints: the whole widget for a small widget's `widgetURL`,
    /// else each tile's link. An empty list means every tap opens the app.
    public var listedLinks: [Link] {
        if let widgetURL { return [Link(rect: bounds, url: widgetURL)] }
        return links
    }

    static func cardURL(_ id: UUID) -> String { DeepLink.card(id).url }

    private init(bounds: Rect, widgetURL: String?, links: [Link], buttons: [WidgetButton]) {
        (self.bounds, self.widgetURL, self.links, self.buttons) = (bounds, widgetURL, links, buttons)
    }

    /// The same map with every rectangle multiplied by `factor` (layout points to a desktop
    /// preset's points).
    func scaled(by factor: Double) -> TapMap {
        guard factor != 1 else { return self }
        return TapMap(
            bounds: bounds.multiplied(by: factor), widgetURL: widgetURL,
            links: links.map { Link(rect: $0.rect.multiplied(by: factor), url: $0.url) },
            buttons: buttons.map { WidgetButton(rect: $0.rect.multiplied(by: factor), intent: $0.intent, card: $0.card) })
    }
}
