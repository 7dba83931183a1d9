import Foundation

/// The file format of `widgets.json`.
struct WidgetList: Codable {
    var version = 1
    var widgets: [StoredWidget]
}

struct StoredWidget: Codable {
    var configuration: WidgetConfiguration
    var delivered: Delivery?
}

/// The data generation and expiry of the timeline last delivered to a widget.
struct Delivery: Codable, Equatable {
    var generation: Int64
    var expiry: Date?

    /// The delivery of `timeline` at data `generation`: policy `never` has no expiry, `atEnd`
    /// expires when its last entry ends. `widgets.json` keeps whole seconds, so the expiry is
    /// rounded up to one: a delivery compares equal to what was stored for the same timeline,
    /// and a reload is never due before the timeline really ends.
    init(generation: Int64, timeline: Timeline) {
        self.generation = generation
        expiry =
            timeline.policy == .never
            ? nil
            : timeline.entries.last.map {
                Date(timeIntervalSince1970: ($0.date.timeIntervalSince1970 + $0.relevance.duration).rounded(.up))
            }
    }
}

extension JSONEncoder {
    static var widgetList: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var widgetList: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
