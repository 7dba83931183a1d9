import Foundation
import WalletCore

/// The warning `card add` and `card import` print when a card's store name is already another
/// card's: that name then matches several cards, and the short ids are what tells them apart.
enum NamesakeWarning {
    /// Warns on stderr of each store name in `stores` (compared ignoring case and accents) that
    /// several cards of `repository` now share. Best effort: the cards are already stored.
    static func warn(about stores: [String], in repository: CardRepository) {
        let wanted = Set(stores.map(TextFolding.fold))
        guard !wanted.isEmpty, let shared = try? repository.namesakes() else { return }
        for group in shared where wanted.contains(TextFolding.fold(group.store)) {
            FileHandle.standardError.write(Data((line(for: group) + "\n").utf8))
        }
    }

    /// "warning: 2 cards are called 'Twin' (0a1b2c3d, 5e6f7a8b): name one by its id or its
    /// first characters, e.g. `wallet card show 5e6f7a8b`".
    static func line(for group: Namesakes) -> String {
        let ids = group.ids.map { String($0.lowercasedText.prefix(8)) }
        return "warning: \(ids.count) cards are called '\(TerminalText.escaped(group.store))' (\(ids.joined(separator: ", "))): "
            + "name one by its id or its first characters, e.g. `wallet card show \(ids.last ?? "")`"
    }
}
