import Foundation
import FileOutput


/// Rendered snapshots kept in the shared container (`snapshots/<key>.png`, and the render notes
/// in `<key>.notes` when there are any), so an unchanged widget is never drawn twice.
/// Holds at most ``capacity`` snapshots; the least recently written go first.
public struct SnapshotCache: Sendable {
    public static let capacity = 256

    let directory: URL

    /// The cache inside `containerURL`.
    public init(containerURL: URL) {
        directory = containerURL.appendingPathComponent("snapshots", isDirectory: true)
    }

    /// A cached snapshot: the PNG and the notes its rendering produced.
    public struct Hit: Sendable {
        public var png: Data
        public var notes: [String]
    }

    /// The snapshot stored under `key`, or nil.
    public func lookup(_ key: SnapshotKey) -> Hit? {
        guard let png = FileManager.default.contents(atPath: pngURL(key).path) else { return nil }
        let notes = FileManager.default.contents(atPath: notesURL(key).path)
            .map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
        return Hit(png: png, notes: notes)
    }

    /// Saves a snapshot (atomically; a failure to cache is not an error for the caller's render).
    public func save(_ png: Data, notes: [String], for key: SnapshotKey) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if !notes.isEmpty {
                try AtomicFile.write(Array(notes.joined(separator: "\n").utf8), to: notesURL(key).path, durable: false)
            }
            try AtomicFile.write([UInt8](png), to: pngURL(key).path, durable: false)
            prune()
        } catch {
            return
        }
    }

    /// Removes the oldest snapshots beyond ``capacity``.
    private func prune() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let pngs = names.filter { $0.hasSuffix(".png") }
        guard pngs.count > Self.capacity else { return }
        let dated = pngs.map { name -> (String, Date) in
            let date = (try? manager.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.modificationDate]) as? Date
            return (name, date ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(pngs.count - Self.capacity) {
            let stem = String(name.dropLast(4))
            try? manager.removeItem(at: directory.appendingPathComponent(name))
            try? manager.removeItem(at: directory.appendingPathComponent(stem + ".notes"))
        }
    }

    private func pngURL(_ key: SnapshotKey) -> URL { directory.appendingPathComponent(key.digest + ".png") }
    private func notesURL(_ key: SnapshotKey) -> URL { directory.appendingPathComponent(key.digest + ".notes") }
}
