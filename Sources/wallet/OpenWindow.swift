import Foundation
import WalletApp
import WalletCore

/// `wallet open --window`: the card, or the overview, in a window. While it is open, stdout gets
/// one JSON line per thing on screen: `{"event": "shown", "card": ID|null, "moduleSize": N}`,
/// `{"event": "opened", "card": ID}` when a card is picked in the overview, `{"event": "closed"}`.
enum OpenWindow {
    /// One card, its use already recorded; its logo read through `images`.
    static func card(_ card: Card, images: any CardReading) throws {
        try run([card], start: 0, title: "\(card.store) - Wallet", images: images, repository: nil)
    }

    /// Every active card, favorites first; a card picked there has its use recorded.
    static func overview(_ repository: CardRepository) throws {
        let cards = try repository.list(search: nil, sort: .name, includeArchived: false)
        let ordered = cards.filter(\.favorite) + cards.filter { !$0.favorite }
        try run(ordered, start: nil, title: "Wallet", images: repository, repository: repository)
    }

    private static func run(
        _ cards: [Card], start: Int?, title: String, images: any CardReading, repository: CardRepository?
    ) throws {
        let logos = try images.images(.logo, of: cards.filter { $0.art.has(.logo) }.map(\.id))
        let colors = WalletColors(try images.cards(includeArchived: true))
        let windowCards = cards.map { WindowCard(colors.shown($0), logo: logos[$0.id]) }
        try CardWindow.run(windowCards, start: start, title: title) { event in
            switch event {
            case .shown(let index, let moduleSize):
                emit(Line(event: "shown", card: index.map { cards[$0].id.lowercasedText }, moduleSize: moduleSize))
            case .opened(let index):
                do {
                    _ = try repository?.recordUse(of: cards[index].id)
                } catch {
                    FileHandle.standardError.write(
                        Data("wallet: cannot record the use of \(cards[index].store): \(error)\n".utf8))
                }
                emit(Line(event: "opened", card: cards[index].id.lowercasedText))
            }
        }
        emit(Line(event: "closed"))
    }

    /// One event line; `card` is written as null for the overview.
    private struct Line: Encodable {
        var event: String
        var card: String?
        var moduleSize: Int?

        enum CodingKeys: String, CodingKey { case event, card, moduleSize }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(event, forKey: .event)
            if event != "closed" { try container.encode(card, forKey: .card) }
            try container.encodeIfPresent(moduleSize, forKey: .moduleSize)
        }
    }

    private static func emit(_ line: Line) {
        try? CardOutput.writeJSON(line)
    }
}
