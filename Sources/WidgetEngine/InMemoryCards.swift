import Foundation
import WalletCore
internal import FileOutput

/// The cards, usage log and data generation read once, in memory: a process that builds many
/// timelines (`widget render --all`) reads the database once instead of once per widget.
/// Images are not copied: they are read from the underlying reader when asked for (only the
/// cards drawn need them).
public struct InMemoryCards: CardReading {
    private let all: [Card]
    private let events: [UsageEvent]
    private let generation: Int64
    private let source: CardReading

    /// Reads everything `reader` offers now.
    public init(reading reader: CardReading) throws(WidgetError) {
        source = reader
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
    public func images(_ role: CardImageRole, of ids: [UUID]) throws -> [UUID: CardImage] {
        try source.images(role, of: ids)
    }
}
