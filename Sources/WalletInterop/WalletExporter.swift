import Foundation
internal import FileOutput

/// The formats `wallet card export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// Catima version 2 CSV, or a zip holding `catima.csv` and the cards' images when the file
    /// name ends in `.zip`.
    case catima
    /// The wallet's lossless JSON (``WalletJSONCodec``).
    case json

    /// The format called `name` (either case).
    public static func named(_ name: String) throws(ExportError) -> ExportFormat {
        guard let format = ExportFormat(rawValue: name.lowercased()) else { throw .unknownFormat(name) }
        return format
    }

    /// The format a file name implies: `.csv` and `.zip` are Catima, anything else JSON.
    public static func implied(by url: URL) -> ExportFormat {
        ["csv", "zip"].contains(url.pathExtension.lowercased()) ? .catima : .json
    }
}

/// Writes a ``WalletArchive`` to a file atomically: the destination is replaced only once the
/// whole export is written (a temporary file beside it, then a rename), and is private to its
/// owner (0600), as the wallet's own files are.
public struct WalletExporter: Sendable {
    /// The export date (zip member dates).
    public var now: Date
    /// The zone in which expiry days become Catima's midnight instants.
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The bytes of `archive` in `format`; Catima is zipped when `zipped`.
    public func data(for archive: WalletArchive, format: ExportFormat, zipped: Bool) throws(ExportError) -> Data {
        switch format {
        case .json:
            do {
                return try WalletJSONCodec(now: now).encode(archive)
            } catch {
                throw .cannotEncode(UnderlyingError(error))
            }
        case .catima:
            let csv = CatimaCSVWriter(timeZone: timeZone).write(archive)
            guard zipped else { return Data(csv.utf8) }
            do {
                return try CatimaZip.archiveData(csv: csv, images: CatimaArt.members(of: archive), modified: now)
            } catch let error as ExportError {
                throw error
            } catch {
                throw .zipFailed(UnderlyingError(error))
            }
        }
    }

    /// Writes `archive` to `url` in `format` (the name's extension when nil); `file` names it in errors.
    @discardableResult
    public func write(
        _ archive: WalletArchive, to url: URL, format: ExportFormat? = nil, file: String? = nil
    ) throws(ExportError) -> ExportFormat {
        let chosen = format ?? ExportFormat.implied(by: url)
        let bytes = try data(for: archive, format: chosen, zipped: url.pathExtension.lowercased() == "zip")
        try ExportFile.write(bytes, to: url, name: file ?? url.path)
        return chosen
    }
}

/// Checks the export target, then replaces it all at once through FileOutput's ``AtomicFile``
/// (a temporary file in the same directory, mode 0600 from the start, then `rename(2)`).
enum ExportFile {
    static func write(_ data: Data, to url: URL, name: String) throws(ExportError) {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .cannotWrite(path: name, reason: "no such directory \(directory.path): create it first")
        }
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .cannotWrite(path: name, reason: "it is a directory: give a file name")
        }
        do throws(FileError) {
            try AtomicFile.write([UInt8](data), to: url.path, permissions: 0o600, durable: true)
        } catch {
            throw .cannotWrite(path: name, reason: reason(for: error))
        }
    }

    private static func reason(for error: FileError) -> String {
        if error.isPermissionProblem { return "the directory is not writable: choose another place" }
        return "\(ErrnoText.message(for: error.errno)): choose another place"
    }
}
