import Foundation
import WalletCore

/// Reads a card file of the sync repository as untrusted input, like an import: bounded in
/// size, exactly the expected keys, an id that matches the file name, every value passing
/// the card rules (``Card/validated()``). A failure names the file and what is wrong.
enum SyncedCardFile {
    /// The largest card file accepted (a card's text fields are far smaller).
    static let maximumBytes = 64 * 1024

    /// Card fields newer than the sync format (`gs1`, issue 33): a file written by a wallet that
    /// did not know them leaves them out, and they read as their default.
    static let addedLater: Set<String> = ["gs1"]

    /// The card in `bytes`, read from `path` (`cards/<id>.json`).
    static func read(_ bytes: Data, path: String) throws(SyncError) -> (SyncedCard, Card) {
        guard bytes.count <= maximumBytes else { throw .refusedFile(path: path, reason: "over \(maximumBytes / 1024) KiB") }
        guard let id = RepositoryPath.cardID(path) else { throw .refusedFile(path: path, reason: "not a card file name") }
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
            throw .refusedFile(path: path, reason: "not a JSON object")
        }
        guard object["id"] as? String == id.uuidString.lowercased() else {
            throw .refusedFile(path: path, reason: "its id is not the one its name says")
        }
        guard let createdText = object["createdAt"] as? String, let createdAt = ISO8601.parse(createdText) else {
            throw .refusedFile(path: path, reason: "createdAt is not an ISO 8601 date-time")
        }
        let defaults = CardJSONWriter.fieldValues(CardFields(store: "", code: ""))
        let keys = Set(defaults.map(\.key))
        let unknown = Set(object.keys).subtracting(keys).subtracting(SyncedArt.keys).subtracting(["id", "createdAt"])
        if let key = unknown.sorted().first { throw .refusedFile(path: path, reason: "unknown key '\(key)'") }
        var fields: [String: SyncedField] = [:]
        // A field added after a device wrote the file: its default, edited at the beginning of time.
        for (key, json) in defaults where Self.addedLater.contains(key) && object[key] == nil {
            fields[key] = SyncedField(json: json, edited: .distantPast)
        }
        for key in keys.union(SyncedArt.keys.filter { object[$0] != nil }) where fields[key] == nil {
            guard let entry = object[key] as? [String: Any], entry.count == 2,
                let editedText = entry["edited"] as? String, let edited = ISO8601.parse(editedText), let value = entry["value"],
                let json = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            else { throw .refusedFile(path: path, reason: "'\(key)' is not {\"edited\": DATE, \"value\": VALUE}") }
            let checked =
                SyncedArt.keys.contains(key)
                ? try SyncedArt.checkedValue(value, key: key, path: path) : String(decoding: json, as: UTF8.self)
            fields[key] = SyncedField(json: checked, edited: edited)
        }
        let card: Card
        do {
            card = try SyncedCard(id: id, createdAt: createdAt, fields: fields).card().validated()
        } catch {
            throw .refusedFile(path: path, reason: "\(error)")
        }
        // The values again in the wallet's own spelling, so equal values compare equal.
        var synced = SyncedCard(card, edited: .distantPast)
        for (key, field) in synced.fields { synced.fields[key]?.edited = fields[key]?.edited ?? field.edited }
        for key in SyncedArt.keys { synced.fields[key] = fields[key] }
        synced.createdAt = createdAt
        return (synced, card)
    }
}

/// The paths a sync repository may hold, and nothing else: `cards/<id>.json`,
/// `cards/<id>/<role>.png` (``RepositoryPath/image(_:)``) and `usage/<device>.jsonl`.
enum RepositoryPath {
    /// The id of a card file's path, or nil when `path` is not `cards/<lower-case uuid>.json`.
    static func cardID(_ path: String) -> UUID? {
        guard path.hasPrefix("cards/"), path.hasSuffix(".json") else { return nil }
        let name = path.dropFirst("cards/".count).dropLast(".json".count)
        guard name.count == 36, let id = UUID(uuidString: String(name)), id.uuidString.lowercased() == name else { return nil }
        return id
    }

    /// The device of a usage file's path, or nil when `path` is not `usage/<device>.jsonl`.
    static func usageDevice(_ path: String) -> String? {
        guard path.hasPrefix("usage/"), path.hasSuffix(".jsonl") else { return nil }
        let name = String(path.dropFirst("usage/".count).dropLast(".jsonl".count))
        return DeviceName.isValid(name) ? name : nil
    }
}

/// A device's name: the author of its commits and the name of its usage file.
public enum DeviceName {
    /// 1-64 letters, digits, `.`, `_`, `-`, not starting with `.`.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
            }
    }

    /// Why `name` cannot name a device, in one line (`wallet sync init --device` and the app's
    /// sync page say it alike); nil when it can.
    public static func problem(with name: String) -> String? {
        isValid(name) ? nil : "device name '\(name)' is not valid: use 1-64 letters, digits, '.', '_' or '-'"
    }

    /// The host name made valid (other characters become `-`), or `device`.
    public static func fromHost() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count)
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).map {
            DeviceName.isValid(String($0)) ? $0 : "-"
        }
        let name = String(String(host).prefix(64))
        return isValid(name) ? name : "device"
    }
}
