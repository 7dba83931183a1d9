import Foundation

/// The file format of `widgets.json`.
struct WidgetStore: Codable {
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
}

extension JSONEncoder {
    static var widgetStore: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var widgetStore: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
