/// What changed in the shared container since the host last looked.
public struct ContainerChange: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The card database or its write-ahead log was written: cards may have changed.
    public static let data = ContainerChange(rawValue: 1)
    /// `widgets.json` or the lifecycle log changed: widgets added, configured or removed.
    public static let widgets = ContainerChange(rawValue: 2)
    /// Someone asked for a reload (`reload-requests.jsonl`).
    public static let requests = ContainerChange(rawValue: 4)
    /// The container directory disappeared.
    public static let vanished = ContainerChange(rawValue: 8)
    /// The container directory (re)appeared, or events were lost: look at everything again.
    public static let everything: ContainerChange = [.data, .widgets, .requests]

    /// The change a write to the container file `name` means (nothing for files the host
    /// does not read, such as the lock, the SQLite shared memory or temporary files).
    static func forFile(_ name: String) -> ContainerChange {
        switch name {
        case "wallet.sqlite", "wallet.sqlite-wal": .data
        case "widgets.json", "widget-events.jsonl": .widgets
        case "reload-requests.jsonl": .requests
        default: []
        }
    }
}
