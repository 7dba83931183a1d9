import Barcodes
import Foundation
import WalletCore

/// Cards and drafts for tests, with ids that say which card they are.
public enum TestCards {
    /// A card whose id is `0000000n-0000-4000-8000-000000000000`, created at the epoch.
    public static func card(
        _ number: Int, _ store: String, code: String, format: Symbology?, color: String,
        favorite: Bool = false, archived: Bool = false
    ) -> Card {
        Card(
            id: id(number),
            fields: CardFields(
                store: store, code: code, format: format, color: color, favorite: favorite, archived: archived),
            createdAt: Date(timeIntervalSince1970: 0))
    }

    /// The id ``card(_:_:code:format:color:favorite:archived:)`` gives card `number`.
    public static func id(_ number: Int) -> UUID {
        guard let id = UUID(uuidString: String(format: "%08d-0000-4000-8000-000000000000", number)) else {
            preconditionFailure("card number \(number) does not fit an id")
        }
        return id
    }
}

/// A draft with the fields most tests set.
public func draft(_ store: String, _ code: String = "12345", format: Symbology? = nil, note: String = "") -> CardDraft {
    CardDraft(store: store, code: code, format: format, note: note)
}
