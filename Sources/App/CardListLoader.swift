import Foundation
internal import CAdw
import WalletCore

/// Reads the card list for the cards page off the main thread, so typing in the search or a
/// change written by another process never holds up a frame: the query (`wallet card list
/// --search`'s own, ``CardRepository/list(search:sort:includeArchived:)``) runs on a serial
/// queue and its answer comes back on the main loop. Only the newest request's answer is
/// delivered; one overtaken by a later keystroke is dropped. Each card comes in the color it is
/// shown in everywhere (``ShownColors``), as its widgets draw it.
final class CardListLoader {
    /// One answer: the cards matching `search` (archived ones included, favorites first, then
    /// by name; each with its color replaced by the one it is shown in, for drawing only), the
    /// wallet's groups, and the data generation they were read at.
    struct Listing: Sendable {
        let search: String
        let cards: [Card]
        let groups: [String]
        let generation: Int64
    }

    private let repository: CardRepository
    private let colors: ShownColors
    private let queue = DispatchQueue(label: "app.wallet.Wallet.card-list", qos: .userInitiated)
    private var latest = 0

    init(repository: CardRepository, colors: ShownColors) {
        self.repository = repository
        self.colors = colors
    }

    /// Reads the list now, on the calling thread: the first one, so the window's first frame
    /// already shows the cards rather than an empty page.
    func loadNow(search: String) throws -> Listing {
        latest += 1
        return try Self.read(repository, colors: colors, search: search)
    }

    /// Reads the list in the background and calls `deliver` with it on the main loop, unless a
    /// later request was made meanwhile.
    func load(search: String, deliver: @escaping (Result<Listing, any Error>) -> Void) {
        latest += 1
        let request = MainThreadOnly((loader: self, ticket: latest, deliver: deliver))
        let (repository, colors) = (repository, colors)
        queue.async {
            let result = Result { try Self.read(repository, colors: colors, search: search) }
            MainLoop.idle(priority: G_PRIORITY_DEFAULT) {
                let (loader, ticket, deliver) = request.value
                guard ticket == loader.latest else { return }
                deliver(result)
            }
        }
    }

    private static func read(_ repository: CardRepository, colors: ShownColors, search: String) throws -> Listing {
        let generation = try repository.dataGeneration()
        let cards = try repository.list(search: search.isEmpty ? nil : search, sort: .name, includeArchived: true)
        let shown = try colors.colors(at: generation, everyCard: search.isEmpty ? cards : nil)
        return Listing(
            search: search, cards: cards.map(shown.shown), groups: try repository.groups(), generation: generation)
    }
}

/// A value that is only touched on the main thread, carried through a background closure
/// untouched (it is read again once the work is back on the main loop).
struct MainThreadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
