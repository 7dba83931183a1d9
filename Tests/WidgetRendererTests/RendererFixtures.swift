import Barcodes
import Foundation
import WalletCore
import WalletTestSupport
import WidgetEngine
@_spi(Benchmarks) @testable import WidgetRenderer

enum RendererFixtures {
    static func card(
        _ n: Int, _ store: String, format: Symbology? = .qr, code: String = "1234567", color: String = "#1565C0"
    ) -> Card {
        TestCards.card(n, store, code: code, format: format, color: color)
    }

    /// A 2D matrix of `size` x `size` modules with a checkerboard-ish pattern.
    static func square(_ size: Int, _ symbology: Symbology = .qr) -> BarcodeMatrix {
        BarcodeMatrix(
            symbology: symbology, width: size, height: size, payload: "x",
            modules: (0..<(size * size)).map { ($0 / size + $0 % size) % 3 == 0 })
    }

    /// A linear matrix of `width` modules.
    static func linear(_ width: Int, _ symbology: Symbology = .code128) -> BarcodeMatrix {
        BarcodeMatrix(
            symbology: symbology, width: width, height: 1, payload: "x", modules: (0..<width).map { $0 % 3 != 1 })
    }

    /// A renderer whose barcodes are made up by `make`.
    static func renderer(_ make: @escaping @Sendable (Card) -> BarcodeMatrix?) -> WidgetRenderer {
        WidgetRenderer { card in
            guard card.format != nil else { return nil }
            return make(card).map { .success($0) } ?? .failure(.emptyPayload(card.format!))
        }
    }

    static func entry(_ family: WidgetFamily, _ slots: [DisplaySlot], kind: TimelineEntry.Kind = .timeline) -> TimelineEntry {
        TimelineEntry(
            date: Date(timeIntervalSince1970: 0), family: family, slots: slots, kind: kind,
            relevance: Relevance(score: 0, duration: 0))
    }
}
