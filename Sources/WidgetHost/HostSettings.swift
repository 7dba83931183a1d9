import WidgetRenderer

/// How `wallet widget host` was asked to run.
public struct HostSettings: Sendable {
    /// The output directory.
    public var output: String
    /// Device, scale and appearance of every snapshot.
    public var options: RenderOptions
    /// Policy reloads per widget per rolling 24 hours.
    public var budget: Int
    /// Do what is due now, then exit (for a timer).
    public var once: Bool
    /// Phosh's ticket-box folder, where lock-screen widgets' cards are kept as PDF tickets; nil: none.
    public var ticketBox: String?

    public init(
        output: String, options: RenderOptions, budget: Int = ReloadBudget.defaultLimit, once: Bool = false,
        ticketBox: String? = nil
    ) {
        self.output = output
        self.options = options
        self.budget = budget
        self.once = once
        self.ticketBox = ticketBox
    }
}
