import Foundation
internal import CAdw
import WalletCore

/// The list view's model: the cards shown, in order, and a `GListStore` with one placeholder
/// object per row position. A row's item stands for its position, not for a card: a new search
/// or a reload only lengthens or shortens the store at its end, so GTK 4.8's list view keeps the
/// ~200 row widgets it has (it would otherwise let go of every row whose item left the store and
/// build a new widget for each position, about 30 ms for a screenful of changes), and the page
/// shows the new cards in the rows it has (``CardsPage``). The placeholders are kept once made,
/// so erasing a search makes none anew.
final class CardListModel {
    /// The `GListStore`, for the selection model.
    let store: ObjectHandle
    /// The cards shown, in the store's order.
    private(set) var cards: [Card] = []
    /// Every placeholder made; the store holds the first `cards.count`.
    private var placeholders: [ObjectHandle] = []
    /// Where the arrays the list lets go are freed: freeing 10,000 cards' strings costs the main
    /// thread milliseconds a frame cannot spare.
    private static let freeing = DispatchQueue(label: "app.wallet.Wallet.card-list-free", qos: .utility)

    init() {
        store = ObjectHandle(raw(g_list_store_new(gtk_string_object_get_type())))
    }

    /// Shows `cards` in this order. Rows GTK binds while the store grows read their card at once;
    /// rows already bound keep their old card until the page shows the new one.
    func replace(with cards: [Card]) {
        let previous = self.cards
        self.cards = cards
        Self.freeing.async { withExtendedLifetime(previous) {} }
        let (shown, wanted) = (previous.count, cards.count)
        if wanted < shown {
            g_list_store_splice(store.opaque, guint(wanted), guint(shown - wanted), nil, 0)
        } else if wanted > shown {
            while placeholders.count < wanted { placeholders.append(ObjectHandle(raw(gtk_string_object_new("")))) }
            var pointers: [gpointer?] = placeholders[shown..<wanted].map(\.pointer)
            pointers.withUnsafeMutableBufferPointer { buffer in
                g_list_store_splice(store.opaque, guint(shown), 0, buffer.baseAddress, guint(buffer.count))
            }
        }
    }

    /// The card at `position` of the store, if there is one.
    func card(at position: Int) -> Card? {
        cards.indices.contains(position) ? cards[position] : nil
    }

    /// The object at `position` of the store.
    func item(at position: Int) -> UnsafeMutableRawPointer? {
        guard let item = g_list_model_get_item(OpaquePointer(store.pointer), guint(position)) else { return nil }
        g_object_unref(item)  // the store holds its own reference
        return item
    }
}
