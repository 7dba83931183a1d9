/// A provider's answer: entries in date order and when to ask again.
public struct Timeline: Equatable, Sendable {
    public var entries: [TimelineEntry]
    public var policy: ReloadPolicy

    public init(entries: [TimelineEntry], policy: ReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
