import WidgetEngine

/// How the system shows a widget's colors (`--rendering`).
public enum RenderingMode: String, CaseIterable, Sendable {
    /// The widget's own colors (the home screen's default).
    case fullColor = "full-color"
    /// Everything tinted with one accent color, except what opts out: a barcode's plate and
    /// quiet zone always keep their white and black.
    case accented
    /// Desaturated to luminance and written as gray+alpha, for the system to composite over the
    /// wallpaper (the lock screen's default). Barcode plates stay opaque white with dark modules.
    case vibrant

    /// The names `--rendering` takes.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The mode a family is shown in when none is asked for: vibrant on the lock screen,
    /// full color on the home screen.
    public static func defaultMode(for family: WidgetFamily) -> RenderingMode {
        switch family.traits.face {
        case .tiles: .fullColor
        case .lockScreen: .vibrant
        }
    }
}
