import Foundation
import WalletCore

/// One installed widget: its identity, size and the selection intent the user configured.
public struct WidgetConfiguration: Codable, Equatable, Sendable, Identifiable {
    /// Lower-case UUID; the CLI also accepts a unique prefix.
    public var id: String
    public var family: WidgetFamily
    public var mode: SelectionMode
    /// The configured slots (manual mode shows them; the other modes keep them for a switch back).
    public var cards: [CardSlot]

    public init(id: String = UUID().lowercasedText, family: WidgetFamily, mode: SelectionMode, cards: [CardSlot]) {
        self.id = id
        self.family = family
        self.mode = mode
        self.cards = cards
    }
}
