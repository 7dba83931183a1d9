import Foundation
import WalletCore

/// A shared container (`home/`, not created yet) in a ``TemporaryDirectory``, removed when the
/// value is released, with a fixed clock.
public final class TemporaryContainer: @unchecked Sendable {
    /// The container (its directory is created by the first repository).
    public let container: SharedContainer
    /// Fixed at `now` of ``init(now:)``.
    public let clock: WalletClock
    private let directory: TemporaryDirectory

    public init(now: String = "2026-11-22T09:30:00Z") {
        directory = TemporaryDirectory("wallet-tests")
        container = SharedContainer(url: directory.url.appendingPathComponent("home", isDirectory: true))
        guard let date = ISO8601.parse(now) else { preconditionFailure("not an ISO 8601 date: \(now)") }
        clock = .fixed(date)
    }

    /// A repository on the container (creating it), with the container's clock unless given.
    public func repository(clock: WalletClock? = nil) throws -> CardRepository {
        try CardRepository(container: container, clock: clock ?? self.clock)
    }

    /// Where the wallet database lives in the container.
    public var databasePath: String { container.databaseURL.path }

    /// The database file's bytes, or nil when there is none.
    public func databaseBytes() -> Data? { FileManager.default.contents(atPath: databasePath) }
}
