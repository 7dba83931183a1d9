import Foundation
import WalletCore

/// A device's usage log in the repository, `usage/<device>.jsonl`: one open per line,
/// `{"card": ID, "time": SECONDS}` (seconds since 1970, exact), only ever appended to, so two
/// devices never change the same file.
enum UsageFile {
    /// The events in a usage file, read as untrusted input.
    static func events(_ bytes: Data, path: String) throws(SyncError) -> [UsageEvent] {
        guard bytes.count <= RemoteTree.maximumUsageBytes else { throw .refusedFile(path: path, reason: "too large") }
        var events: [UsageEvent] = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], object.count == 2,
                let text = object["card"] as? String, let id = UUID(uuidString: text), let time = object["time"] as? Double,
                time.isFinite, abs(time) < 1e11
            else { throw .refusedFile(path: path, reason: "line \(index + 1) is not {\"card\": ID, \"time\": SECONDS}") }
            events.append(UsageEvent(cardID: id, date: Date(timeIntervalSince1970: time)))
        }
        return events
    }

    /// One event's line.
    static func line(_ event: UsageEvent) -> String {
        "{\"card\": \"\(event.cardID.uuidString.lowercased())\", \"time\": \(event.date.timeIntervalSince1970)}\n"
    }

    /// An event's identity across devices.
    struct Key: Hashable {
        var card: UUID
        var time: Double
        init(_ event: UsageEvent) { (card, time) = (event.cardID, event.date.timeIntervalSince1970) }
    }
}
