import Foundation

/// What the app's home screen shows for `wallet://`: counts, favorites, recent and expiring cards.
public struct WalletOverview: Equatable, Sendable {
    /// Cards not archived.
    public var activeCount: Int
    public var archivedCount: Int
    public var groups: [String]
    /// Active favorites, by store name.
    public var favorites: [Card]
    /// Up to three active cards, most recently used first.
    public var recentlyUsed: [Card]
    /// Active cards that expired or expire within 30 days of now, soonest first.
    public var expiringSoon: [Card]

    /// Summarizes `cards` (archived included) as of `now`.
    public init(cards: [Card], groups: [String], now: Date) {
        let active = cards.filter { !$0.archived }
        activeCount = active.count
        archivedCount = cards.count - active.count
        self.groups = groups
        favorites = active.filter(\.favorite)
        recentlyUsed = Array(
            active.filter { $0.lastUsed != nil }.sorted { $0.lastUsed! > $1.lastUsed! }.prefix(3))
        let horizon = Self.day(now.addingTimeInterval(30 * 86_400))
        expiringSoon = active.filter { ($0.expiry ?? "9999-12-31") <= horizon }.sorted { $0.expiry! < $1.expiry! }
    }

    /// `YYYY-MM-DD` of `date` in UTC (expiry dates compare as text in that form).
    private static func day(_ date: Date) -> String { String(ISO8601.format(date).prefix(10)) }
}

extension CardRepository {
    /// The overview of the whole wallet as of the repository's clock.
    public func overview() throws -> WalletOverview {
        WalletOverview(cards: try cards(includeArchived: true), groups: try groups(), now: clock.now())
    }
}
