import Foundation
/// A size in points.
public struct PointSize: Equatable, Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// The lock-screen (accessory) widget sizes of one screen class.
public struct LockScreenSizes: Equatable, Sendable {
    public let circular: PointSize
    public let rectangular: PointSize
    public let inline: PointSize
}

/// Widget sizes of one phone screen class, from the platform's Human Interface Guidelines
/// ("Widgets", iOS dimensions: small, medium, large, circular, rectangular, inline).
public struct DeviceMetrics: Equatable, Sendable {
    /// The name `--device` takes: the screen size in points, e.g. `430x932`.
    public let name: String
    public let small: PointSize
    public let medium: PointSize
    public let large: PointSize
    /// Nil for screens whose phones have no lock-screen widgets (320x568: iOS 16 does not run there).
    public let lockScreen: LockScreenSizes?
    /// The display scale a desktop preset is made for (device pixels per point of the desktop),
    /// the only `--scale` it takes; nil for phone screens, drawn at any scale.
    public let displayScale: Int?
    /// The device pixels a desktop preset draws per layout point: its widgets are the default
    /// phone's, laid out in the phone's points, and everything in them (codes, type, spacing)
    /// is drawn this many pixels a point, as on a phone at that scale; nil for phone screens.
    public let pixelsPerLayoutPoint: Int?

    /// True when phones of this screen show widgets of `family`.
    public func supports(_ family: WidgetFamily) -> Bool {
        !family.isAccessory || lockScreen != nil
    }

    /// Fails with ``WidgetError/familyNotOnDevice(_:device:supported:)`` when ``supports(_:)`` is false.
    public func check(_ family: WidgetFamily) throws(WidgetError) {
        guard supports(family) else {
            throw .familyNotOnDevice(
                family, device: name, supported: Self.all.filter { $0.supports(family) }.map(\.name))
        }
    }

    /// The device pixels per layout point to draw at when `asked` was asked for (nil: none): for
    /// a desktop preset its ``pixelsPerLayoutPoint``, and `asked` must be its display scale
    /// (another display would show its pixels at another size, so it is refused); for a phone
    /// screen `asked`, else 3.
    public func drawingScale(asked: Int?) throws(WidgetError) -> Int {
        guard let displayScale, let pixelsPerLayoutPoint else { return asked ?? 3 }
        if let asked, asked != displayScale {
            throw .scaleNotOfDevice(asked, device: name, scale: displayScale)
        }
        return pixelsPerLayoutPoint
    }

    /// The pixels per point of the screen a snapshot drawn at `drawingScale` is shown on: a
    /// desktop preset's display scale, else `drawingScale` itself (a phone).
    public func displayScale(drawingScale: Int) -> Int { displayScale ?? drawingScale }

    /// The widget size of `family` on this screen, in layout points (a desktop preset's are the
    /// default phone's). A lock-screen family on a screen without lock-screen widgets (see
    /// ``check(_:)``) gets the smallest lock-screen size there is.
    public func size(of family: WidgetFamily) -> PointSize {
        let accessory = lockScreen ?? Self.smallestLockScreen
        return switch family {
        case .small: small
        case .medium: medium
        case .large: large
        case .accessoryCircular: accessory.circular
        case .accessoryRectangular: accessory.rectangular
        case .accessoryInline: accessory.inline
        }
    }

    /// The default device: a 430x932 phone (Pro Max / Plus).
    public static let defaultDevice = all[0]

    /// Every screen of the device table: the phones, largest first, then the desktop presets.
    public static let all: [DeviceMetrics] =
        phones + [
            desktopPreset("desktop", displayScale: 1, pixelsPerLayoutPoint: 2),
            desktopPreset("desktop-hidpi", displayScale: 2, pixelsPerLayoutPoint: 3),
        ]

    /// The phone screens (iOS dimensions).
    static let phones: [DeviceMetrics] = [
        make("430x932", (170, 170), (364, 170), (364, 382), lock: ((76, 76), (172, 76), (257, 26))),
        make("428x926", (170, 170), (364, 170), (364, 382), lock: ((76, 76), (172, 76), (257, 26))),
        make("414x896", (169, 169), (360, 169), (360, 379), lock: ((76, 76), (160, 72), (248, 26))),
        make("414x736", (159, 159), (348, 157), (348, 357), lock: ((76, 76), (170, 76), (248, 26))),
        make("393x852", (158, 158), (338, 158), (338, 354), lock: ((72, 72), (160, 72), (234, 26))),
        make("390x844", (158, 158), (338, 158), (338, 354), lock: ((72, 72), (160, 72), (234, 26))),
        make("375x812", (155, 155), (329, 155), (329, 345), lock: ((72, 72), (157, 72), (225, 26))),
        make("375x667", (148, 148), (321, 148), (321, 324), lock: ((68, 68), (153, 68), (225, 26))),
        make("320x568", (141, 141), (292, 141), (292, 311), lock: nil),
    ]

    /// A desktop preset for a display of `displayScale` device pixels per point, drawing
    /// `pixelsPerLayoutPoint` pixels per point of the default phone: the phone's widgets, whole,
    /// at a size where codes keep whole pixels per module. A desktop shows a snapshot at its
    /// pixel size (a 364x170 pt medium drawn at 1 px a point leaves about 1 px per module), so
    /// the snapshot is the phone widget drawn at that scale: text, spacing and codes grow
    /// together, and the large widget still fits a 1080-pixel-high screen.
    private static func desktopPreset(_ name: String, displayScale: Int, pixelsPerLayoutPoint: Int) -> DeviceMetrics {
        let phone = phones[0]
        return DeviceMetrics(
            name: name, small: phone.small, medium: phone.medium, large: phone.large, lockScreen: phone.lockScreen,
            displayScale: displayScale, pixelsPerLayoutPoint: pixelsPerLayoutPoint)
    }

    /// The desktop presets' names, for messages.
    public static var desktopPresetNames: String {
        all.filter { $0.displayScale != nil }.map(\.name).joined(separator: ", ")
    }

    /// The smallest lock-screen sizes of the table (375x667).
    private static let smallestLockScreen = LockScreenSizes(
        circular: PointSize(width: 68, height: 68), rectangular: PointSize(width: 153, height: 68),
        inline: PointSize(width: 225, height: 26))

    /// Looks a device up by its screen size name (`430x932`; `430×932` and upper-case `X` work too).
    public static func named(_ name: String) throws(WidgetError) -> DeviceMetrics {
        let key = name.lowercased().replacingOccurrences(of: "×", with: "x")
        guard let device = all.first(where: { $0.name == key }) else {
            throw .unknownDevice(name, known: all.map(\.name))
        }
        return device
    }

    private typealias Size = (Double, Double)

    private static func make(
        _ name: String, _ small: Size, _ medium: Size, _ large: Size, lock: (Size, Size, Size)?
    ) -> DeviceMetrics {
        func point(_ size: Size) -> PointSize { PointSize(width: size.0, height: size.1) }
        return DeviceMetrics(
            name: name, small: point(small), medium: point(medium), large: point(large),
            lockScreen: lock.map {
                LockScreenSizes(circular: point($0.0), rectangular: point($0.1), inline: point($0.2))
            }, displayScale: nil, pixelsPerLayoutPoint: nil)
    }
}
