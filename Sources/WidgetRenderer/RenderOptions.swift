import Foundation
import WalletCore
import WidgetEngine

/// Everything besides the entry that decides a snapshot's pixels.
public struct RenderOptions: Equatable, Sendable {
    public var device: DeviceMetrics
    /// Device pixels per layout point: 1, 2 or 3 (`DeviceMetrics.drawingScale(asked:)`).
    public var scale: Int
    public var appearance: Appearance
    /// The locale text is set in (font fallback follows the language); part of the cache key.
    public var locale: String
    /// The rendering mode asked for; nil draws each family in its default (``RenderingMode/defaultMode(for:)``).
    public var rendering: RenderingMode?

    public init(
        device: DeviceMetrics = .defaultDevice, scale: Int = 3, appearance: Appearance = .light,
        locale: String = RenderOptions.environmentLocale(), rendering: RenderingMode? = nil
    ) {
        self.device = device
        self.scale = scale
        self.appearance = appearance
        self.locale = locale
        self.rendering = rendering
    }

    /// Device pixels per point of the screen that shows the snapshot: tap maps, the manifest,
    /// PDF pages and layout reports are in its points (a desktop preset's display scale; a
    /// phone's drawing scale).
    public var displayScale: Int { device.displayScale(drawingScale: scale) }

    /// The screen's points per layout point (a desktop preset draws the phone's layout larger).
    var pointsPerLayoutPoint: Double { Double(scale) / Double(displayScale) }

    /// The fewest device pixels per module that leave a camera its margin on the screen: 3 on a
    /// phone; on a desktop preset 2 (``BarcodeFit/minimumModule``): a pixel of a 1x or 2x
    /// desktop display is 0.13-0.27 mm, so 2 px are at least as large as a phone's 3 px at
    /// 460 ppi (0.17 mm), and no desktop code is noted "close range only".
    var comfortableModule: Int {
        device.displayScale == nil ? BarcodeFit.comfortableModule : BarcodeFit.minimumModule
    }

    /// The largest drawing scale the screen takes, for a note's remedy: 3 on a phone, a desktop
    /// preset's own (another `--scale` is refused there).
    var largestScale: Int { device.pixelsPerLayoutPoint ?? 3 }

    /// The rendering mode a widget of `family` is drawn in.
    public func rendering(for family: WidgetFamily) -> RenderingMode {
        rendering ?? RenderingMode.defaultMode(for: family)
    }

    /// The locale of the environment (`LC_ALL`, `LC_CTYPE`, `LANG`), `C` when none is set.
    public static func environmentLocale(
        _ environment: [String: String] = ProcessEnvironment.current
    ) -> String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return "C"
    }

    /// Validates the scale, and that the device shows widgets of `family`.
    func validate(for family: WidgetFamily) throws(RenderError) {
        guard (1...3).contains(scale) else { throw .unsupportedScale(scale) }
        do {
            try device.check(family)
        } catch {
            throw .unsupportedFamily(error.description)
        }
    }
}
