import ArgumentParser
import WidgetRenderer
import WidgetEngine

/// The render options `widget render` and `widget host` share: device, scale, appearance and
/// rendering mode.
struct RenderOptionGroup: ParsableArguments {
    @OptionGroup var device: DeviceOptions
    @Option(help: "Device pixels per point: 1, 2 or 3 (default: the desktop preset's own scale, else 3).")
    var scale: Int?
    @Option(help: Appearance.help("Light or dark widgets.")) var appearance = Appearance.light
    @Option(help: RenderingMode.help("How colors are drawn (default: vibrant for lock-screen families, full-color otherwise)."))
    var rendering: RenderingMode?

    func validate() throws {
        if let scale, !(1...3).contains(scale) { throw WidgetInputError("unsupported scale \(scale): use 1, 2 or 3") }
    }

    /// The options as the renderer takes them (after ``validate()``).
    func options() throws -> RenderOptions {
        let metrics = device.metrics()
        return RenderOptions(
            device: metrics, scale: try metrics.drawingScale(asked: scale), appearance: appearance, rendering: rendering)
    }
}
