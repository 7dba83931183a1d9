import Foundation
import WalletCore

/// The cards, usage log and data generation read once, in memory: a process that builds many
/// timelines (`widget render --all`) reads the database once instead of once per widget.
public struct InMemoryCards: CardReading {
    private let all: [Card]
    private let events: [UsageEvent]
    private let generation: Int64

    /// Reads everything `reader` offers now.
    public init(reading reader: CardReading) throws(WidgetError) {
        do {
            all = try reader.cards(includeArchived: true)
            events = try reader.usageEvents()
            generation = try reader.dataGeneration()
        } catch {
            throw .cards(UnderlyingError(error))
        }
    }

    public func cards(includeArchived: Bool) throws -> [Card] {
        includeArchived ? all : all.filter { !$0.archived }
    }

    public func card(id: UUID) throws -> Card? { all.first { $0.id == id } }
    public func usageEvents() throws -> [UsageEvent] { events }
    public func dataGeneration() throws -> Int64 { generation }
}
