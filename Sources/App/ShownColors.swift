import Foundation
import WalletCore

/// The color each card is shown in, the one its widgets show it in: the wallet-wide
/// ``WalletColors`` (a generated color turned away from its neighbours'), assigned over every
/// card, archived ones included. Kept for one data generation, so a keystroke in the search or
/// a tap on a card reads the whole wallet again only after a write. Used by the list's
/// background reads and by the main thread, so it is guarded by a lock.
final class ShownColors: @unchecked Sendable {
    private let repository: CardRepository
    private let lock = NSLock()
    private var cached: (generation: Int64, colors: WalletColors)?

    init(repository: CardRepository) {
        self.repository = repository
    }

    /// The colors as of data generation `generation`; `everyCard` is the whole wallet (archived
    /// cards included) when the caller has just read it, so it is not read twice.
    func colors(at generation: Int64, everyCard: [Card]? = nil) throws -> WalletColors {
        lock.lock()
        defer { lock.unlock() }
        if let cached, cached.generation == generation { return cached.colors }
        let colors = WalletColors(try everyCard ?? repository.cards(includeArchived: true))
        cached = (generation, colors)
        return colors
    }

    /// The colors as the wallet stands now.
    func current() throws -> WalletColors {
        try colors(at: repository.dataGeneration())
    }
}
