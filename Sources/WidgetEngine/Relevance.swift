import Foundation

/// How relevant an entry is for a widget stack, and for how long (the platform rotates stacks
/// to the most relevant widget).
public struct Relevance: Equatable, Sendable {
    /// 0 (no use of the shown cards expected now) to 1 (the busiest hour of the week for them).
    public var score: Double
    /// Seconds the score applies from the entry's date.
    public var duration: TimeInterval

    public init(score: Double, duration: TimeInterval) {
        self.score = score
        self.duration = duration
    }
}
