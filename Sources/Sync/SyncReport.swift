/// What a sync did: cards that came in, cards that went out, conflicts and how each was settled.
public struct SyncReport: Equatable, Sendable {
    /// Cards the database took from the remote (added, changed or removed).
    public var pulled: Int
    /// Cards whose local changes went out to the remote.
    public var pushed: Int
    public var conflicts: [SyncConflict]

    public init(pulled: Int = 0, pushed: Int = 0, conflicts: [SyncConflict] = []) {
        (self.pulled, self.pushed, self.conflicts) = (pulled, pushed, conflicts)
    }
}
