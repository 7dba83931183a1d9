import Foundation
internal import CAdw
import WalletCore

/// The list view's model: a `GListStore` of one `GtkStringObject` (the card's id) per card shown,
/// in order. A card that is still shown, unchanged, keeps its object across a new search or a
/// reload, so GTK keeps its row widget bound as it is (GtkListView re-acquires a row whose item
/// is the same object) and only new or changed cards are bound again: a keystroke that narrows
/// 10,000 cards rebinds the rows that change, not the ~200 the view keeps.
final class CardListModel {
    /// The `GListStore`, for the selection model.
    let store: ObjectHandle
    private(set) var cards: [Card] = []
    private var objects: [UUID: (card: Card, object: ObjectHandle)] = [:]

    init() {
        store = ObjectHandle(raw(g_list_store_new(gtk_string_object_get_type())))
    }

    /// Shows `cards` in this order; `fresh` makes every row bound again (the day changed, so
    /// every expiry line may read differently).
    func replace(with cards: [Card], fresh: Bool) {
        if fresh { objects = [:] }
        var kept: [UUID: (card: Card, object: ObjectHandle)] = [:]
        kept.reserveCapacity(cards.count)
        var pointers: [gpointer?] = []
        pointers.reserveCapacity(cards.count)
        for card in cards {
            let object: ObjectHandle
            if let old = objects[card.id], old.card == card {
                object = old.object
            } else {
                object = ObjectHandle(raw(gtk_string_object_new(card.id.lowercasedText)))
            }
            kept[card.id] = (card, object)
            pointers.append(object.pointer)
        }
        // The rows are bound while the store announces the change: the cards must be there first.
        objects = kept
        self.cards = cards
        let count = g_list_model_get_n_items(OpaquePointer(store.pointer))
        pointers.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store.opaque, 0, count, buffer.baseAddress, guint(buffer.count))
        }
    }

    /// The card an item of the store stands for (a `GtkListItem`'s item).
    func card(for item: UnsafeMutableRawPointer?) -> Card? {
        guard let item, let text = gtk_string_object_get_string(OpaquePointer(item)),
            let id = UUID(uuidString: String(cString: text))
        else { return nil }
        return objects[id]?.card
    }

    /// The object at `position` of the store (whether a row keeps its object across a reload is
    /// what decides if GTK binds it again).
    func item(at position: Int) -> UnsafeMutableRawPointer? {
        guard let item = g_list_model_get_item(OpaquePointer(store.pointer), guint(position)) else { return nil }
        g_object_unref(item)  // the store holds its own reference
        return item
    }

    /// The card shown with `id`, if it is.
    func card(id: UUID) -> Card? { objects[id]?.card }
}
