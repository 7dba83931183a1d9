import Foundation
import WalletCore

/// Work the host does on its own clock beside rendering (pulling live passes, reminders),
/// supplied by whoever starts the host: the host only asks when it is due and runs it in its
/// one loop, so nothing polls.
public protocol HostChore: AnyObject {
    /// When the chore is next due on the host's clock; nil: only after something changes.
    /// `cards` is the host's own read-only view of the wallet (one connection per process).
    func nextDue(after now: Date, cards: any CardReading) -> Date?
    /// Does what is due at `now`.
    func run(at now: Date, cards: any CardReading) -> HostChoreResult
}

/// What a chore did: the event lines it has to print, and the cards it changed (the host
/// re-renders the widgets showing them at once, reason `update`).
public struct HostChoreResult: Sendable {
    public var events: [EventLine]
    public var updatedCards: Set<UUID>

    public init(events: [EventLine] = [], updatedCards: Set<UUID> = []) {
        self.events = events
        self.updatedCards = updatedCards
    }
}
