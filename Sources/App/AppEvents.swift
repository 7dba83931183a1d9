import Foundation

/// The app's event lines on stdout, one JSON object each (`{"event": "shown", "page": "card",
/// ...}`), flushed at once: tests and scripts follow what the app did without scraping the
/// screen, as they follow `wallet widget host`.
enum AppEvents {
    /// Prints one event with its fields (strings, integers and booleans).
    static func emit(_ event: String, _ fields: [String: any Sendable] = [:]) {
        var object: [String: Any] = ["event": event]
        for (key, value) in fields { object[key] = value }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        FileHandle.standardOutput.write(data + Data([0x0A]))
    }
}
