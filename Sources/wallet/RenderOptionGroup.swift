import ArgumentParser
import WidgetRenderer

/// The render options `widget render` and `widget host` share: device, scale, appearance and
/// rendering mode.
struct RenderOptionGroup: ParsableArguments {
    @OptionGroup var device: DeviceOptions
    @Option(help: "Device pixels per point: 1, 2 or 3.") var scale = 3
    @Option(help: Appearance.help("Light or dark widgets.")) var appearance = Appearance.light
    @Option(help: RenderingMode.help("How colors are drawn (default: vibrant for lock-screen families, full-color otherwise)."))
    var rendering: RenderingMode?

    func validate() throws {
        guard (1...3).contains(scale) else { throw WidgetInputError("unsupported scale \(scale): use 1, 2 or 3") }
    }

    /// The options as the renderer takes them (after ``validate()``).
    func options() throws -> RenderOptions {
        RenderOptions(device: device.metrics(), scale: scale, appearance: appearance, rendering: rendering)
    }
}
