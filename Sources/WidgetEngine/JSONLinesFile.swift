import Foundation
internal import FileOutput

/// A small file in the shared container holding one JSON record per line (`widget-events.jsonl`,
/// `reload-requests.jsonl`). Callers hold the widgets lock; every change replaces the whole file
/// atomically, so a reader never sees half a line, and the file keeps at most `limit` records.
struct JSONLinesFile<Record: Codable> {
    let url: URL
    let limit: Int

    /// The records in file order; lines that are not a record (a hand edit) are skipped.
    func read() -> [Record] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        let decoder = JSONDecoder.widgetList
        return data.split(separator: 0x0A).compactMap { try? decoder.decode(Record.self, from: Data($0)) }
    }

    /// Appends `records`, dropping the oldest beyond the limit.
    func append(_ records: [Record]) throws(WidgetError) {
        try write(Array((read() + records).suffix(limit)))
    }

    /// Replaces the file with `records`; none removes it.
    func write(_ records: [Record]) throws(WidgetError) {
        guard !records.isEmpty else {
            let path = url.path
            guard unlink(path) == 0 || errno == ENOENT else {
                throw .storage(UnderlyingError(FileError(operation: "remove", path: path, errno: .current)))
            }
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var bytes: [UInt8] = []
        for record in records {
            do {
                bytes += try encoder.encode(record)
            } catch {
                throw .storage(UnderlyingError(error, description: "cannot encode \(url.lastPathComponent): \(error)"))
            }
            bytes.append(0x0A)
        }
        do throws(FileError) {
            try AtomicFile.write(bytes, to: url.path, permissions: 0o600, durable: false)
        } catch {
            throw .storage(UnderlyingError(error))
        }
    }
}
