import Foundation

/// Where a one-card widget stands in its ranked cards (recent, suggested, favorites), stored with
/// its configuration: the index its previous/next buttons stepped to, and a digest of the
/// ranking it was taken in. When the ranking changes (a card used, added, removed, a favorite
/// toggled) the digest no longer matches and the widget starts over at the first card.
public struct CardPosition: Codable, Equatable, Sendable {
    public var index: Int
    /// ``digest(of:)`` of the ranked card ids the index refers to.
    public var ranking: String

    public init(index: Int, ranking: String) {
        self.index = index
        self.ranking = ranking
    }

    /// The index to show in `ranked`: the stored one when the ranking is the same, else 0.
    public static func index(_ position: CardPosition?, in ranked: [UUID]) -> Int {
        guard let position, !ranked.isEmpty, position.ranking == digest(of: ranked) else { return 0 }
        return ((position.index % ranked.count) + ranked.count) % ranked.count
    }

    /// The position `offset` steps from where `position` stands in `ranked`, wrapping around.
    public static func stepped(_ position: CardPosition?, by offset: Int, in ranked: [UUID]) -> CardPosition {
        let count = max(1, ranked.count)
        let next = ((index(position, in: ranked) + offset) % count + count) % count
        return CardPosition(index: next, ranking: digest(of: ranked))
    }

    /// 64-bit FNV-1a over the ids' bytes, in hex: order-sensitive, stable across processes.
    public static func digest(of ranked: [UUID]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for id in ranked {
            withUnsafeBytes(of: id.uuid) { bytes in
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash &*= 0x0000_0100_0000_01B3
                }
            }
        }
        return String(hash, radix: 16)
    }
}

/// Which card of how many ranked ones a one-card entry shows (its previous/next buttons step it).
public struct Stepping: Equatable, Sendable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}
