import Foundation
internal import FileInput
internal import FileOutput
internal import ZIPFoundation

/// Reads and writes zip archives in memory through ZIPFoundation (no zip code of our own); its
/// members are read through `BoundedMember`. Password-protected zips go to ``LibZipArchive``.
///
/// The central directory is walked once, when the archive is opened: ZIPFoundation's lookup by
/// path walks it again on every call, which made reading every pass of a `.pkpasses` bundle
/// quadratic in its members.
public struct ZipContainer: ZipMembers {
    /// More members than any export holds (a Catima zip of 10,000 cards with three images each).
    public static let maximumMembers = 100_000

    private let archive: Archive
    /// The file `archive` reads; kept open as long as the archive is used.
    private let file: AnonymousFile
    /// The regular files, by path (the first of a repeated path), and their order.
    private let entries: [String: Entry]
    public let filePaths: [String]
    /// What every member read from this archive counts against, with the archives it contains.
    public let budget: InflateBudget

    /// True when `data` starts with a zip signature (local file header or empty-archive record).
    public static func looksLikeZip(_ data: Data) -> Bool {
        let signature = Array(data.prefix(4))
        return signature == [0x50, 0x4B, 0x03, 0x04] || signature == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Reads the archive through an anonymous file (see `AnonymousFile` for why not from
    /// memory); its members count against `budget` (a new one: the archive is the import's file).
    public init(data: Data, budget: InflateBudget = InflateBudget()) throws(ZipArchiveError) {
        self.budget = budget
        do {
            file = try AnonymousFile(data)
        } catch {
            throw .cannotHoldInMemory(error.errno)
        }
        do {
            archive = try Archive(url: file.url, accessMode: .read)
        } catch {
            throw .corrupt(Self.describe(error))
        }
        var entries: [String: Entry] = [:]
        var paths: [String] = []
        var count = 0
        for entry in archive {
            count += 1
            guard count <= Self.maximumMembers else {
                throw .tooManyMembers(count: count, limit: Self.maximumMembers)
            }
            guard entry.type == .file, entries[entry.path] == nil else { continue }
            entries[entry.path] = entry
            paths.append(entry.path)
        }
        self.entries = entries
        filePaths = paths
    }

    public func contents(of path: String, limit: MemberLimit) throws(ZipArchiveError) -> Data {
        guard let entry = entries[path] else { throw .memberMissing(path) }
        var member = try BoundedMember(path: path, declared: entry.uncompressedSize, limit: limit)
        do {
            // ZIPFoundation computes the CRC of what it extracts but leaves comparing it to us.
            let checksum = try archive.extract(entry, skipCRC32: false) { chunk in try member.append(chunk) }
            guard checksum == entry.checksum else { throw Archive.ArchiveError.invalidCRC32 }
        } catch let failure as ZipArchiveError {
            throw failure
        } catch {
            throw .corrupt("\(path) cannot be extracted: \(Self.describe(error))")
        }
        let data = try member.finished()
        try budget.spend(data.count)
        return data
    }

    /// A zip (deflate-compressed members) holding `files` in order.
    public static func archiveData(files: [(path: String, contents: Data)], modified: Date) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for file in files {
            try archive.addEntry(
                with: file.path, type: .file, uncompressedSize: Int64(file.contents.count),
                modificationDate: modified, permissions: 0o644, compressionMethod: .deflate
            ) { position, size in
                file.contents.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw EmptyArchive() }
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

/// ZIPFoundation built an archive in memory but handed back no bytes.
public struct EmptyArchive: Error, CustomStringConvertible {
    public var description: String { "the archive has no data" }
}
