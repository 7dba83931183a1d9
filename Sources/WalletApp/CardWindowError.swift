/// Why the window could not be shown. Each ``description`` is one line a person can act on.
public enum CardWindowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GTK could not connect to a display.
    case noDisplay
    /// The window library is not where it is installed or built (or cannot be loaded).
    case libraryMissing(looked: [String], reason: String?)

    public var description: String {
        switch self {
        case .noDisplay:
            "cannot open a window: no graphical display (set DISPLAY or WAYLAND_DISPLAY, or use `--no-window` to print the card)"
        case .libraryMissing(let looked, let reason):
            "cannot open a window: \(reason ?? "no window library at \(looked.joined(separator: " or "))") "
                + "(reinstall with `make install`, or build it with `make libraries`)"
        }
    }
}
