import Foundation
internal import CAdw
import WalletCore

/// Reads the card list for the cards page off the main thread, so typing in the search or a
/// change written by another process never holds up a frame: the query (`wallet card list
/// --search`'s own, ``CardRepository/list(search:sort:includeArchived:)``) and the shelf's
/// filter run on a serial queue and the answer comes back on the main loop, ready to hand to the
/// list. Only the newest request's answer is delivered; one overtaken by a later keystroke is
/// dropped. Each card comes in the color it is shown in everywhere (``ShownColors``), as its
/// widgets draw it.
final class CardListLoader {
    /// What the list is asked to show: the search text, the chosen shelf, and the cards to leave
    /// out (removals waiting for their undo toast).
    struct Request: Sendable {
        let search: String
        let shelf: CardShelf
        let hidden: Set<UUID>
    }

    /// One answer: the cards to show (matching `search`, on the request's shelf, or on all cards
    /// when that shelf is gone, less the hidden ones; favorites first, then by name; each with its
    /// color replaced by the one it is shown in, for drawing only), the chips when the whole
    /// wallet was read (nil while searching, when the chips stay as they are), and the data
    /// generation they were read at.
    struct Listing: Sendable {
        let search: String
        let cards: [Card]
        let shelves: [CardShelf]?
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
    func loadNow(_ request: Request) throws -> Listing {
        latest += 1
        return try Self.read(repository, colors: colors, request: request)
    }

    /// Reads the list in the background and calls `deliver` with it on the main loop, unless a
    /// later request was made meanwhile.
    func load(_ request: Request, deliver: @escaping (Result<Listing, any Error>) -> Void) {
        latest += 1
        let waiting = MainThreadOnly((loader: self, ticket: latest, deliver: deliver))
        let (repository, colors) = (repository, colors)
        queue.async {
            let result = Result { try Self.read(repository, colors: colors, request: request) }
            MainLoop.idle(priority: G_PRIORITY_DEFAULT) {
                let (loader, ticket, deliver) = waiting.value
                guard ticket == loader.latest else { return }
                deliver(result)
            }
        }
    }

    private static func read(_ repository: CardRepository, colors: ShownColors, request: Request) throws -> Listing {
        let generation = try repository.dataGeneration()
        let wholeWallet = request.search.isEmpty
        let cards = try repository.list(search: wholeWallet ? nil : request.search, sort: .name, includeArchived: true)
        let shown = try colors.colors(at: generation, everyCard: wholeWallet ? cards : nil)
        let shelves = wholeWallet ? CardShelf.shelves(groups: try repository.groups(), cards: cards) : nil
        let shelf = shelves.map { request.shelf.kept(among: $0) } ?? request.shelf
        let listed = cards.filter { shelf.admits($0) && !request.hidden.contains($0.id) }.map(shown.shown)
        return Listing(search: request.search, cards: listed, shelves: shelves, generation: generation)
    }
}

/// A value that is only touched on the main thread, carried through a background closure
/// untouched (it is read again once the work is back on the main loop).
struct MainThreadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
