/// How long a child may run and how much it may say.
public struct ChildLimits: Sendable {
    /// From the start: past it the child is killed (SIGKILL) and its ending is
    /// ``ChildEnding/timedOut``.
    public var deadline: Duration
    /// The most bytes of standard output kept: one more and the child is killed and its ending
    /// is ``ChildEnding/outputTooLarge``.
    public var outputBytes: Int
    /// The most bytes of standard error kept; the rest is read and dropped (diagnostics, not an
    /// answer, so the child goes on).
    public var errorBytes: Int

    public init(deadline: Duration, outputBytes: Int = 1 << 20, errorBytes: Int = 64 << 10) {
        self.deadline = deadline
        self.outputBytes = outputBytes
        self.errorBytes = errorBytes
    }

    /// `seconds` as a deadline, with the default byte limits.
    public static func seconds(_ seconds: Double) -> ChildLimits {
        ChildLimits(deadline: .milliseconds(Int((seconds * 1000).rounded(.up))))
    }
}
