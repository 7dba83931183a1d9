import Foundation
import ZipArchive

/// Reads any file `wallet card import` accepts into a ``WalletArchive``, detecting the format from
/// the content. The whole file is parsed and every barcode checked before anything is returned;
/// ``WalletArchive/save(in:file:progress:)`` then saves it in one transaction, all or nothing.
public struct WalletImporter: Sendable {
    /// Creation date for cards whose file has none.
    public var now: Date
    /// The zone in which Catima's expiry instants are calendar days.
    public var timeZone: TimeZone
    /// The password of a password-protected zip (a Catima or FidMe export), or nil. A file that is
    /// not encrypted is read as usual, with a warning that the password was not needed when
    /// `warnsOfUnneededPassword` (a password typed for this file rather than one set for all).
    public var password: String?
    public var warnsOfUnneededPassword: Bool

    public init(now: Date, timeZone: TimeZone = .current, password: String? = nil, warnsOfUnneededPassword: Bool = true) {
        self.now = now
        self.timeZone = timeZone
        self.password = password
        self.warnsOfUnneededPassword = warnsOfUnneededPassword
    }

    /// The format and contents of the file at `url`; `file` names it in errors (default: its
    /// path). Read by `ImportFileReader`: never blocks on a FIFO, bounded in bytes and time.
    public func read(contentsOf url: URL, file: String? = nil) throws(ImportError) -> (ImportFormat, WalletArchive) {
        let name = file ?? url.path
        let data: Data
        do {
            data = try ImportFileReader.read(url.path, limit: ImportLimits.maximumFileBytes)
        } catch {
            throw ImportError(file: name, problem: error.problem)
        }
        guard data.count <= ImportLimits.maximumFileBytes else {
            throw ImportError(file: name, problem: .fileTooLarge(bytes: UInt64(data.count)))
        }
        return try read(data, file: name)
    }

    /// The format and contents of `data`, read from `file`; optional text the card model refuses
    /// is left out with a warning (`WalletArchive.leaveOutRefusedOptionalText()`).
    public func read(_ data: Data, file: String) throws(ImportError) -> (ImportFormat, WalletArchive) {
        var (format, archive) = try readAsWritten(data, file: file)
        archive.leaveOutRefusedOptionalText()
        return (format, archive)
    }

    private func readAsWritten(_ data: Data, file: String) throws(ImportError) -> (ImportFormat, WalletArchive) {
        let format: ImportFormat
        do {
            format = try ImportFormatDetector.detect(data)
        } catch  where error.problem == .encryptedZip && password != nil {
            return try readEncrypted(data, file: file, password: password ?? "")
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
        var (read, archive) = try read(data, format: format, file: file)
        if password != nil && warnsOfUnneededPassword {
            archive.warnings.append(
                ImportWarning(location: nil, message: "the file is not password-protected: the password was not needed"))
        }
        return (read, archive)
    }

    /// The contents of `data`, read from `file`, in `format` (by its ``ImportReader``).
    private func read(_ data: Data, format: ImportFormat, file: String) throws(ImportError) -> (ImportFormat, WalletArchive) {
        (format, try format.reader(now: now, timeZone: timeZone).read(data, file: file))
    }

    /// The Catima or FidMe export in the password-protected zip `data`, decrypted by libzip.
    private func readEncrypted(_ data: Data, file: String, password: String) throws(ImportError) -> (ImportFormat, WalletArchive)
    {
        let zip: LibZipArchive
        do {
            zip = try LibZipArchive(data: data, password: password)
        } catch {
            throw ImportError(file: file, problem: ImportProblem(error))
        }
        if zip.path(named: CatimaZip.csvEntry) != nil {
            return (.catimaZip, try CatimaZip.read(zip, file: file, reader: CatimaCSVReader(now: now, timeZone: timeZone)))
        }
        if zip.path(named: FidMeReader.csvEntry) != nil {
            return (.fidMe, try FidMeReader(now: now).read(zip, file: file))
        }
        throw ImportError(file: file, problem: .missingZipEntry([CatimaZip.csvEntry, FidMeReader.csvEntry]))
    }
}
