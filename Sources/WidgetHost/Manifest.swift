import Digest
import Foundation
import WalletCore
import WidgetEngine
import WidgetRenderer

/// `DIR/manifest.json`: what a desktop needs to show the snapshots and follow taps.
public struct Manifest: Encodable, Equatable, Sendable {
    public var widgets: [Widget]

    /// One widget's snapshot, in the order widgets were added.
    public struct Widget: Encodable, Equatable, Sendable {
        public var id: String
        public var family: String
        /// Absolute path of the PNG.
        public var file: String
        /// SHA-256 of the PNG bytes, 64 hex digits.
        public var sha256: String
        /// Pixel size.
        public var width: Int
        public var height: Int
        public var scale: Int
        /// The `--device` it was drawn for: `wallet widget tap` needs it to find the same targets.
        public var device: String
        public var entryDate: String
        /// When the timeline's policy asks for a new one; null for policy `never`.
        public var nextReload: String?
        public var relevance: RelevanceRecord
        /// What a tap opens where no link is: the small family's card, else the app.
        public var url: String
        /// The tap targets in points exactly as `widget links --json` prints them: deep links
        /// (`url`) and buttons (`intent`, run through `wallet widget tap`).
        public var links: [TapTarget]

        enum CodingKeys: String, CodingKey {
            case id, family, file, sha256, width, height, scale, device, entryDate, nextReload, relevance, url, links
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(family, forKey: .family)
            try container.encode(file, forKey: .file)
            try container.encode(sha256, forKey: .sha256)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(scale, forKey: .scale)
            try container.encode(device, forKey: .device)
            try container.encode(entryDate, forKey: .entryDate)
            try container.encode(nextReload, forKey: .nextReload)  // null, not absent, for `never`
            try container.encode(relevance, forKey: .relevance)
            try container.encode(url, forKey: .url)
            try container.encode(links, forKey: .links)
        }
    }

    /// An entry's relevance for stacked widgets.
    public struct RelevanceRecord: Encodable, Equatable, Sendable {
        public var score: Double
        public var duration: Double
    }

    /// The JSON bytes (pretty, sorted keys, trailing newline).
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }
}

extension Manifest.Widget {
    /// The manifest entry of a snapshot of `entry` written to `file`.
    init(
        configuration: WidgetConfiguration, file: String, png: Data, tapMap: TapMap, entry: TimelineEntry,
        nextReload: Date?, options: RenderOptions
    ) {
        let size = PNGSize(png)
        self.init(
            id: configuration.id, family: configuration.family.rawValue, file: file,
            sha256: SHA256.hex([UInt8](png)), width: size.width, height: size.height, scale: options.displayScale,
            device: options.device.name,
            entryDate: ISO8601.format(entry.date), nextReload: nextReload.map(ISO8601.format),
            relevance: Manifest.RelevanceRecord(score: entry.relevance.score, duration: entry.relevance.duration),
            url: tapMap.widgetURL ?? TapMap.appURL,
            links: tapMap.listedTargets)
    }
}

/// A PNG's pixel size, from its IHDR chunk (bytes 16-23, big-endian); 0 x 0 when too short.
struct PNGSize {
    let width: Int
    let height: Int

    init(_ png: Data) {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24 else {
            (width, height) = (0, 0)
            return
        }
        func number(_ start: Int) -> Int { bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) } }
        (width, height) = (number(16), number(20))
    }
}
