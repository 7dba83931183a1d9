import Barcodes
import Foundation
import WalletCore

/// An in-memory `CardReading` for tests.
struct FixtureReader: CardReading {
    var all: [Card]
    var events: [UsageEvent] = []
    var generation: Int64 = 1

    func cards(includeArchived: Bool) throws -> [Card] {
        all.filter { includeArchived || !$0.archived }
            .sorted { $0.favorite != $1.favorite ? $0.favorite : $0.store < $1.store }
    }

    func card(id: UUID) throws -> Card? { all.first { $0.id == id } }
    func usageEvents() throws -> [UsageEvent] { events.sorted { $0.date < $1.date } }
    func dataGeneration() throws -> Int64 { generation }
}

/// A failing reader, for error paths.
struct BrokenReader: CardReading {
    struct Failure: Error, CustomStringConvertible { var description: String { "database is locked" } }
    func cards(includeArchived: Bool) throws -> [Card] { throw Failure() }
    func card(id: UUID) throws -> Card? { throw Failure() }
    func usageEvents() throws -> [UsageEvent] { throw Failure() }
    func dataGeneration() throws -> Int64 { throw Failure() }
}

enum Fixtures {
    static func card(_ n: Int, _ store: String, favorite: Bool = false, archived: Bool = false) -> Card {
        Card(
            id: UUID(uuidString: String(format: "%08d-0000-4000-8000-000000000000", n))!, store: store,
            code: "12345\(n)", format: .code128, color: "#336699", favorite: favorite, archived: archived,
            createdAt: Date(timeIntervalSince1970: 0))
    }

    static let a = card(1, "Alpha")
    static let b = card(2, "Beta")
    static let c = card(3, "Gamma", favorite: true)
    static let d = card(4, "Delta")
    static let archived = card(5, "Old", archived: true)
    static let reader = FixtureReader(all: [a, b, c, d, archived])

    /// 2026-11-22 is a Sunday.
    static func date(_ text: String) -> Date { ISO8601.parse(text)! }
}
