import Foundation
internal import ZIPFoundation

/// Reads and writes zip archives in memory through ZIPFoundation (no zip code of our own).
struct ZipContainer {
    /// Members larger than this are refused: no Catima export or pass comes near it, a zip bomb does.
    static let maximumEntrySize: UInt64 = 256 * 1024 * 1024

    private let archive: Archive

    /// True when `data` starts with a zip signature (local file header or empty-archive record).
    static func looksLikeZip(_ data: Data) -> Bool {
        let signature = Array(data.prefix(4))
        return signature == [0x50, 0x4B, 0x03, 0x04] || signature == [0x50, 0x4B, 0x05, 0x06]
    }

    init(data: Data) throws(LocatedProblem) {
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw LocatedProblem(.notAZip(Self.describe(error)))
        }
    }

    /// Paths of the regular files in the archive, in archive order.
    var filePaths: [String] {
        archive.compactMap { $0.type == .file ? $0.path : nil }
    }

    /// The path of the first file named `name`, preferring one at the top level.
    func path(named name: String) -> String? {
        let paths = filePaths
        if paths.contains(name) { return name }
        return paths.first { $0.split(separator: "/").last.map(String.init) == name }
    }

    /// The uncompressed contents of the file at `path`.
    func contents(of path: String) throws(LocatedProblem) -> Data {
        guard let entry = archive[path] else { throw LocatedProblem(.missingZipEntry([path])) }
        guard entry.uncompressedSize <= Self.maximumEntrySize else {
            throw LocatedProblem(.entryTooLarge(name: path, bytes: entry.uncompressedSize))
        }
        var data = Data()
        do {
            _ = try archive.extract(entry) { chunk in data.append(chunk) }
        } catch {
            throw LocatedProblem(.notAZip("\(path) cannot be extracted: \(Self.describe(error))"))
        }
        return data
    }

    /// A zip (deflate-compressed members) holding `files` in order.
    static func archiveData(files: [(path: String, contents: Data)], modified: Date) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for file in files {
            try archive.addEntry(
                with: file.path, type: .file, uncompressedSize: Int64(file.contents.count),
                modificationDate: modified, permissions: 0o644, compressionMethod: .deflate
            ) { position, size in
                file.contents.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw ExportError.zipFailed("the archive has no data") }
        return data
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case Archive.ArchiveError.missingEndOfCentralDirectoryRecord: "no end of central directory"
        case Archive.ArchiveError.invalidCRC32: "a member fails its CRC check"
        case Archive.ArchiveError.invalidCompressionMethod: "a member uses an unsupported compression method"
        case Archive.ArchiveError.unreadableArchive: "unreadable archive"
        default: String(describing: error)
        }
    }
}
