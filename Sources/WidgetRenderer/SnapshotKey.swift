import Digest
import Foundation
import WidgetEngine
import Barcodes
import WalletCore

/// The cache key of a snapshot: a digest of everything its pixels depend on — family, device,
/// scale, appearance, locale, rendering mode, the entry's kind, buttons, position and mode, and
/// for each card shown exactly the fields drawn, its favorite flag included (it fills a tile's
/// star), its art's digest (the logo a tile draws) and its information lines as of the entry's
/// date ("Expires in 5 days" changes at midnight), so editing a card changes the keys of the
/// snapshots that show it, and only those.
public struct SnapshotKey: Hashable, Sendable, CustomStringConvertible {
    /// Bumped whenever drawing changes, so old cached pictures are never reused.
    static let rendererVersion = 4

    /// 64 hex digits.
    public let digest: String

    public init(entry: TimelineEntry, options: RenderOptions) {
        var text = "wallet-widget-snapshot v\(Self.rendererVersion)\n"
        text += "\(entry.family.rawValue)|\(options.device.name)|\(options.scale)|\(options.appearance.rawValue)"
        text += "|\(options.locale)|\(entry.kind.rawValue)|\(options.rendering(for: entry.family).rawValue)"
        let stepping = entry.stepping.map { "\($0.index)/\($0.count)" } ?? "-"
        text += "|\(entry.hasStepButtons ? "steps" : "-")|\(stepping)|\(entry.mode?.rawValue ?? "-")\n"
        for slot in entry.slots {
            guard let card = slot.card else {
                text += "-\n"
                continue
            }
            let fields =
                [
                    card.id.uuidString, card.store, card.code, card.barcodeValue ?? "", card.format?.rawValue ?? "", card.color,
                    card.favorite ? "favorite" : "-",
                ] + TileInfo(card: card, date: entry.date).lines.map(\.text)
                + [card.art.digest ?? "-"]
            text += fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|") + "\n"
        }
        digest = SHA256.hex(Array(text.utf8))
    }

    public var description: String { digest }
}
