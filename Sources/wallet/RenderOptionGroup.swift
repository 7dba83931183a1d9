import ArgumentParser
import WidgetRenderer

/// The render options `widget render` and `widget host` share: device, scale, appearance and
/// rendering mode.
struct RenderOptionGroup: ParsableArguments {
    @OptionGroup var device: DeviceOptions
    @Option(help: "Device pixels per point: 1, 2 or 3 (default: the desktop preset's own scale, else 3).")
    var scale: Int?
    @Option(help: "light or dark.") var appearance = Appearance.light.rawValue
    @Option(help: "full-color, accented or vibrant (default: vibrant for lock-screen families, full-color otherwise).")
    var rendering: String?

    func validate() throws {
        if let scale, !(1...3).contains(scale) { throw WidgetInputError("unsupported scale \(scale): use 1, 2 or 3") }
        guard Appearance(rawValue: appearance) != nil else {
            throw WidgetInputError("unknown appearance '\(appearance)': use light or dark")
        }
        if let rendering, RenderingMode(rawValue: rendering.lowercased()) == nil {
            throw WidgetInputError("unknown rendering '\(rendering)': use one of \(RenderingMode.names)")
        }
    }

    /// The options as the renderer takes them (after ``validate()``).
    func options() throws -> RenderOptions {
        let metrics = try device.metrics()
        return RenderOptions(
            device: metrics, scale: try metrics.drawingScale(asked: scale), appearance: Appearance(rawValue: appearance)!,
            rendering: rendering.flatMap { RenderingMode(rawValue: $0.lowercased()) })
    }
}
