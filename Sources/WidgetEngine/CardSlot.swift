import Foundation
import WalletCore

/// One position of a widget's card selection: a card, or `none` (an empty slot).
///
/// Stored and printed as the card's lower-case UUID, or `none`.
public enum CardSlot: Hashable, Sendable, Codable, CustomStringConvertible {
    case card(UUID)
    case empty

    /// The word for an empty slot on the command line and in stored configurations.
    public static let emptyWord = "none"

    public var cardID: UUID? {
        if case .card(let id) = self { return id }
        return nil
    }

    public var description: String {
        switch self {
        case .card(let id): id.lowercasedText
        case .empty: Self.emptyWord
        }
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text == Self.emptyWord {
            self = .empty
        } else if let id = UUID(uuidString: text) {
            self = .card(id)
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a card id: \(text)"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
