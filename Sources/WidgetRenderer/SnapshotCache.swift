import Foundation
import FileOutput

/// Rendered snapshots kept in the shared container (`snapshots/<key>.png`, and the render notes
/// in `<key>.notes` when there are any), so an unchanged widget is never drawn twice.
/// Holds at most ``capacity`` snapshots; the least recently written go first.
///
/// The cache directory is the wallet's own: a symbolic link there is never followed (no lookup,
/// store or prune through it), pruning deletes only regular files named like cache entries, and
/// a cached PNG that is not complete (cut short by a full disk or a killed process) is a miss.
public struct SnapshotCache: Sendable {
    public static let capacity = 256
    /// The largest cache file read back (a large widget at scale 3 is well under 1 MB).
    static let entrySizeLimit = 16 * 1024 * 1024

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

    /// The snapshot stored under `key`, or nil (also for a damaged or truncated entry).
    public func lookup(_ key: SnapshotKey) -> Hit? {
        guard isUsableDirectory, let bytes = try? PrivatePaths.readOwnedFile(pngURL(key).path, limit: Self.entrySizeLimit),
            PNGCompleteness.isComplete(Data(bytes))
        else { return nil }
        let notes =
            (try? PrivatePaths.readOwnedFile(notesURL(key).path, limit: Self.entrySizeLimit))
            .flatMap { $0 }
            .map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
        return Hit(png: Data(bytes), notes: notes)
    }

    /// Saves a snapshot (atomically; a failure to cache is not an error for the caller's render).
    public func save(_ png: Data, notes: [String], for key: SnapshotKey) {
        do {
            try PrivatePaths.createDirectory(directory.deletingLastPathComponent().path)
            try PrivatePaths.createOwnedDirectory(directory.path)
            if !notes.isEmpty {
                try AtomicFile.write(
                    Array(notes.joined(separator: "\n").utf8), to: notesURL(key).path, durable: false, owned: true)
            }
            try AtomicFile.write([UInt8](png), to: pngURL(key).path, durable: false, owned: true)
            prune()
        } catch {
            return
        }
    }

    /// True when the cache directory is a real directory (not a link to one).
    private var isUsableDirectory: Bool { (try? PathKind.of(directory.path)) == .directory }

    /// Removes the oldest snapshots beyond ``capacity``: only regular files named `<digest>.png`.
    private func prune() {
        let manager = FileManager.default
        guard isUsableDirectory, let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let pngs = names.filter {
            Self.isEntryName($0) && (try? PathKind.of(directory.appendingPathComponent($0).path)) == .regular
        }
        guard pngs.count > Self.capacity else { return }
        let dated = pngs.map { name -> (String, Date) in
            let date =
                (try? manager.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.modificationDate]) as? Date
            return (name, date ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(pngs.count - Self.capacity) {
            let stem = String(name.dropLast(4))
            unlink(directory.appendingPathComponent(name).path)
            unlink(directory.appendingPathComponent(stem + ".notes").path)
        }
    }

    /// `<64 hex digits>.png`, the only names the cache writes.
    static func isEntryName(_ name: String) -> Bool {
        let stem = name.utf8.dropLast(4)
        return name.hasSuffix(".png") && stem.count == 64
            && stem.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private func pngURL(_ key: SnapshotKey) -> URL { directory.appendingPathComponent(key.digest + ".png") }
    private func notesURL(_ key: SnapshotKey) -> URL { directory.appendingPathComponent(key.digest + ".notes") }
}

/// Whether PNG bytes are whole: the signature first and the `IEND` chunk last. A file cut short
/// anywhere (a full disk, a killed writer) fails one of the two.
enum PNGCompleteness {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Length 0, `IEND`, and its CRC.
    private static let endChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    static func isComplete(_ png: Data) -> Bool {
        png.count >= signature.count + endChunk.count && png.starts(with: signature)
            && png.suffix(endChunk.count).elementsEqual(endChunk)
    }
}
