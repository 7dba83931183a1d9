import Foundation
import WalletCore

/// An in-memory `CardReading`: cards ordered favorites first, then by store, like `CardReader`.
public struct FixtureReader: CardReading {
    /// Every card, archived ones included.
    public var all: [Card]
    /// The usage log (any order: read back oldest first).
    public var events: [UsageEvent]
    /// What ``dataGeneration()`` answers.
    public var generation: Int64
    /// The cards' images; give a card's `art` its summary (`CardArtwork.summary`) to match.
    public var art: [UUID: CardArtwork]

    public init(all: [Card], events: [UsageEvent] = [], generation: Int64 = 1, art: [UUID: CardArtwork] = [:]) {
        self.all = all
        self.events = events
        self.generation = generation
        self.art = art
    }

    public func cards(includeArchived: Bool) throws -> [Card] {
        all.filter { includeArchived || !$0.archived }
            .sorted { $0.favorite != $1.favorite ? $0.favorite : $0.store < $1.store }
    }

    public func card(id: UUID) throws -> Card? { all.first { $0.id == id } }
    public func usageEvents() throws -> [UsageEvent] { events.sorted { $0.date < $1.date } }
    public func dataGeneration() throws -> Int64 { generation }
    public func images(_ role: CardImageRole, of ids: [UUID]) throws -> [UUID: CardImage] {
        var found: [UUID: CardImage] = [:]
        for id in ids { found[id] = art[id]?.images[role] }
        return found
    }
}

/// A reader whose every call fails, for error paths.
public struct BrokenReader: CardReading {
    /// The one failure it throws.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public init() {}
        public var description: String { "database is locked" }
    }

    public init() {}

    public func cards(includeArchived: Bool) throws -> [Card] { throw Failure() }
    public func card(id: UUID) throws -> Card? { throw Failure() }
    public func usageEvents() throws -> [UsageEvent] { throw Failure() }
    public func dataGeneration() throws -> Int64 { throw Failure() }
    public func images(_ role: CardImageRole, of ids: [UUID]) throws -> [UUID: CardImage] { throw Failure() }
}
