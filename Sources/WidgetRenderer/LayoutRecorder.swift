import Barcodes
import Foundation
import WalletCore

/// Collects what a drawing put where — each text run, each code, each image — for the layout
/// report (`widget render --layout FILE.json`): tests check contrast, type sizes, line breaks
/// and quiet zones against it, and theming can be reviewed without reading pixels. Rectangles
/// arrive in device pixels and are reported in points.
public final class LayoutRecorder {
    /// Device pixels per point.
    let scale: Double
    private(set) var texts: [TextRun] = []
    private(set) var codes: [Code] = []
    private(set) var images: [Image] = []
    private(set) var shownCards: [ShownCard] = []

    public init(scale: Int) {
        self.scale = Double(scale)
    }

    /// One line of text as drawn.
    struct TextRun: Encodable {
        let text: String
        let x, y, width, height: Double
        let font: String
        let weight: String
        /// Font size in points.
        let size: Double
        let color: String
        /// What the run is drawn on, when the drawer knows it; nil over an image or the wallpaper.
        let background: String?
        /// WCAG contrast of `color` against `background`.
        let contrast: Double?

        private enum CodingKeys: String, CodingKey {
            case text, x, y, width, height, font, weight, size, color, background, contrast
        }

        /// Every key written, unknown values as null (the report's shape does not vary).
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(x, forKey: .x)
            try container.encode(y, forKey: .y)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(font, forKey: .font)
            try container.encode(weight, forKey: .weight)
            try container.encode(size, forKey: .size)
            try container.encode(color, forKey: .color)
            try container.encode(background, forKey: .background)
            try container.encode(contrast, forKey: .contrast)
        }
    }

    /// A barcode: the symbol's rectangle (bars, without quiet zones) and its quiet zones in points.
    struct Code: Encodable {
        let format: String
        let x, y, width, height: Double
        /// Device pixels per module.
        let moduleSize: Int
        let quietZone: QuietZone
    }

    /// Quiet zone widths in points.
    struct QuietZone: Encodable {
        let left, top, right, bottom: Double
    }

    /// An image (logo, strip, ...) drawn.
    struct Image: Encodable {
        let role: String
        let x, y, width, height: Double
    }

    /// A card the widget shows, with its pass's authenticity (the card JSON's `authenticity`:
    /// null for a card not from a pass), so a tile's trust can be checked without the store.
    struct ShownCard: Encodable {
        let id: String
        let store: String
        let authenticity: PassAuthenticityJSON?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(store, forKey: .store)
            try container.encode(authenticity, forKey: .authenticity)
        }

        private enum CodingKeys: String, CodingKey { case id, store, authenticity }
    }

    /// Records the cards an entry shows, in slot order.
    func cards(_ cards: [Card]) {
        shownCards = cards.map { card in
            ShownCard(
                id: card.id.uuidString.lowercased(), store: card.store,
                authenticity: card.authenticity.map(PassAuthenticityJSON.init))
        }
    }

    func text(_ text: String, in rect: Rect, style: TextStyle) {
        texts.append(
            TextRun(
                text: text, x: rect.x / scale, y: rect.y / scale, width: rect.width / scale, height: rect.height / scale,
                font: style.family, weight: style.weight.rawValue, size: style.pixelSize / scale, color: style.color.hex,
                background: style.background?.hex,
                contrast: style.background.map { (style.color.contrast(with: $0) * 100).rounded() / 100 }))
    }

    func code(_ symbol: BarcodeMatrix, fit: BarcodeFit) {
        let module = Double(fit.module)
        let quiet = symbol.quietZone
        codes.append(
            Code(
                format: symbol.symbology.rawValue,
                x: Double(fit.origin.x) / scale, y: Double(fit.origin.y) / scale,
                width: Double(symbol.width) * module / scale, height: Double(symbol.height * fit.rowHeight) / scale,
                moduleSize: fit.module,
                quietZone: QuietZone(
                    left: Double(quiet.left) * module / scale, top: Double(quiet.top) * module / scale,
                    right: Double(quiet.right) * module / scale, bottom: Double(quiet.bottom) * module / scale)))
    }

    func image(_ role: String, in rect: Rect) {
        images.append(
            Image(role: role, x: rect.x / scale, y: rect.y / scale, width: rect.width / scale, height: rect.height / scale))
    }

    /// The report as JSON: `{"cards": [...], "texts": [...], "codes": [...], "images": [...]}`,
    /// keys sorted.
    public func json() -> Data {
        struct Report: Encodable {
            let cards: [ShownCard]
            let texts: [TextRun]
            let codes: [Code]
            let images: [Image]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings and finite numbers cannot fail.
        return (try? encoder.encode(Report(cards: shownCards, texts: texts, codes: codes, images: images))) ?? Data("{}".utf8)
    }
}
