import ArgumentParser
import Foundation
import WidgetEngine
import WidgetRenderer

/// `wallet widget links`: the widget's tap targets in points.
struct WidgetLinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links", abstract: "List a widget's tap targets (points) and the deep links they open.")

    @OptionGroup var target: WidgetTarget
    @OptionGroup var device: DeviceOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let map = try WidgetTapMap.current(target, device: device)
        let links = map.listedLinks
        if json {
            try WidgetJSON.print(links.map {
                LinkJSON(x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height, url: $0.url)
            })
            return
        }
        for link in links {
            let numbers = [link.rect.x, link.rect.y, link.rect.width, link.rect.height].map(WidgetTapCommand.format)
            print((numbers + [link.url]).joined(separator: " "))
        }
        print("elsewhere \(TapMap.appURL)")
    }


    struct LinkJSON: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var url: String
    }
}

/// `wallet widget tap`: the URL a tap at a point opens.
struct WidgetTapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap", abstract: "Print the deep link a tap at (X, Y) points opens.")

    @OptionGroup var target: WidgetTarget
    @OptionGroup var device: DeviceOptions
    @Argument(help: "Points from the widget's left edge.") var x: Double
    @Argument(help: "Points from the widget's top edge.") var y: Double

    func run() throws {
        let map = try WidgetTapMap.current(target, device: device)
        guard let url = map.url(atX: x, y: y) else {
            let point = "(\(Self.format(x)), \(Self.format(y)))"
            throw WidgetInputError(
                "\(point) is outside the widget: tap within 0..<\(Self.format(map.bounds.width)) x 0..<\(Self.format(map.bounds.height)) points")
        }
        print(url)
    }

    static func format(_ value: Double) -> String { String(format: "%g", value) }
}

/// The tap map of a widget's current entry.
enum WidgetTapMap {
    static func current(_ target: WidgetTarget, device: DeviceOptions) throws -> TapMap {
        let (side, configuration) = try target.resolve()
        let entry = try side.provider().currentEntry(for: configuration)
        return WidgetRenderer.live.tapMap(for: entry, options: RenderOptions(device: try device.metrics()))
    }
}
