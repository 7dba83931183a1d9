import Foundation
internal import FileOutput
internal import ZIPFoundation

/// Reads and writes zip archives in memory through ZIPFoundation (no zip code of our own).
struct ZipContainer {
    /// Members larger than this are refused: no Catima export or pass comes near it (an export
    /// of 10,000 cards is a few MB), a zip bomb does. The bytes that come out are counted, so a
    /// member that declares less than it inflates to is stopped here too.
    static let maximumEntrySize: UInt64 = ImportLimits.maximumEntryBytes

    private let archive: Archive
    /// The file `archive` reads; kept open as long as the archive is used.
    private let file: AnonymousFile

    /// True when `data` starts with a zip signature (local file header or empty-archive record).
    static func looksLikeZip(_ data: Data) -> Bool {
        let signature = Array(data.prefix(4))
        return signature == [0x50, 0x4B, 0x03, 0x04] || signature == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Reads the archive through an anonymous file (see ``AnonymousFile`` for why not from memory).
    init(data: Data) throws(LocatedProblem) {
        do {
            file = try AnonymousFile(data)
        } catch {
            throw LocatedProblem(.cannotRead("cannot hold the archive in memory: \(ErrnoText.message(for: error.errno))"))
        }
        do {
            archive = try Archive(url: file.url, accessMode: .read)
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
        // Never more than the member declares: a member that inflates past its declared size
        // lies about its contents (a zip bomb, or damage), and stops as soon as it does.
        let declared = entry.uncompressedSize
        var data = Data()
        data.reserveCapacity(Int(min(declared, 1 << 20)))  // the declared size may be a lie
        do {
            // ZIPFoundation computes the CRC of what it extracts but leaves comparing it to us.
            let checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                guard UInt64(data.count) + UInt64(chunk.count) <= declared else { throw ZipLie.inflatesPastDeclaredSize }
                data.append(chunk)
            }
            guard checksum == entry.checksum else { throw Archive.ArchiveError.invalidCRC32 }
        } catch ZipLie.inflatesPastDeclaredSize {
            throw LocatedProblem(.notAZip("\(path) inflates to more than the \(declared) bytes it declares"))
        } catch {
            throw LocatedProblem(.notAZip("\(path) cannot be extracted: \(Self.describe(error))"))
        }
        guard UInt64(data.count) == declared else {
            throw LocatedProblem(.notAZip("\(path) holds \(data.count) bytes but declares \(declared)"))
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

    /// Why extraction was stopped by the wallet rather than by ZIPFoundation.
    private enum ZipLie: Error { case inflatesPastDeclaredSize }

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
