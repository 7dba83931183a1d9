import ArgumentParser
import WidgetRenderer

/// The render options `widget render` and `widget host` share: device, scale, appearance and
/// rendering mode.
struct RenderOptionGroup: ParsableArguments {
    @OptionGroup var device: DeviceOptions
    @Option(help: "Device pixels per point: 1, 2 or 3.") var scale = 3
    @Option(help: "light or dark.") var appearance = Appearance.light.rawValue
    @Option(help: "full-color, accented or vibrant (default: vibrant for lock-screen families, full-color otherwise).")
    var rendering: String?

    func validate() throws {
        guard (1...3).contains(scale) else { throw WidgetInputError("unsupported scale \(scale): use 1, 2 or 3") }
        guard Appearance(rawValue: appearance) != nil else {
            throw WidgetInputError("unknown appearance '\(appearance)': use light or dark")
        }
        if let rendering, RenderingMode(rawValue: rendering.lowercased()) == nil {
            throw WidgetInputError("unknown rendering '\(rendering)': use one of \(RenderingMode.names)")
        }
    }

    /// The options as the renderer takes them (after ``validate()``).
    func options() throws -> RenderOptions {
        RenderOptions(
            device: try device.metrics(), scale: scale, appearance: Appearance(rawValue: appearance)!,
            rendering: rendering.flatMap { RenderingMode(rawValue: $0.lowercased()) })
    }
}
