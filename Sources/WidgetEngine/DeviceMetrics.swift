/// A size in points.
public struct PointSize: Equatable, Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Widget sizes of one phone screen class, from the platform's Human Interface Guidelines.
public struct DeviceMetrics: Equatable, Sendable {
    /// The name `--device` takes: the screen size in points, e.g. `430x932`.
    public let name: String
    public let small: PointSize
    public let medium: PointSize
    public let large: PointSize

    /// The widget size of `family` on this screen, in points.
    public func size(of family: WidgetFamily) -> PointSize {
        switch family {
        case .small: small
        case .medium: medium
        case .large: large
        }
    }

    /// The default device: a 430x932 phone (Pro Max / Plus).
    public static let defaultDevice = all[0]

    /// Every screen of the device table, largest first.
    public static let all: [DeviceMetrics] = [
        make("430x932", 170, 170, 364, 170, 364, 382),
        make("428x926", 170, 170, 364, 170, 364, 382),
        make("414x896", 169, 169, 360, 169, 360, 379),
        make("414x736", 159, 159, 348, 157, 348, 357),
        make("393x852", 158, 158, 338, 158, 338, 354),
        make("390x844", 158, 158, 338, 158, 338, 354),
        make("375x812", 155, 155, 329, 155, 329, 345),
        make("375x667", 148, 148, 321, 148, 321, 324),
        make("320x568", 141, 141, 292, 141, 292, 311),
    ]

    /// Looks a device up by its screen size name (`430x932`; `430×932` and upper-case `X` work too).
    public static func named(_ name: String) throws(WidgetError) -> DeviceMetrics {
        let key = name.lowercased().replacingOccurrences(of: "×", with: "x")
        guard let device = all.first(where: { $0.name == key }) else {
            throw .unknownDevice(name, known: all.map(\.name))
        }
        return device
    }

    private static func make(
        _ name: String, _ sw: Double, _ sh: Double, _ mw: Double, _ mh: Double,
        _ lw: Double, _ lh: Double
    ) -> DeviceMetrics {
        DeviceMetrics(
            name: name, small: PointSize(width: sw, height: sh),
            medium: PointSize(width: mw, height: mh), large: PointSize(width: lw, height: lh))
    }
}
