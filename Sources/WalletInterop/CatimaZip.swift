import Foundation
import ZipArchive

/// Catima's export zip: `catima.csv` plus card images (`card_<id>_<side>.png`, `CatimaArt`),
/// which become the cards' front, back and icon images.
public enum CatimaZip {
    static let csvEntry = "catima.csv"

    /// Reads the cards of the Catima zip `data` of `file`.
    public static func read(_ data: Data, file: String, reader: CatimaCSVReader) throws(ImportError) -> WalletArchive {
        try read(ZipContainer.opening(data, file: file), file: file, reader: reader)
    }

    /// Reads the cards of the Catima zip `zip` of `file` (plain, or opened with its password).
    static func read(_ zip: some ZipMembers, file: String, reader: CatimaCSVReader) throws(ImportError) -> WalletArchive {
        do throws(LocatedProblem) {
            guard let path = zip.path(named: csvEntry) else { throw LocatedProblem(.missingZipEntry([csvEntry])) }
            do throws(LocatedProblem) {
                var archive = try reader.read(CatimaText.decode(zip.member(path)))
                archive.cardLocations = archive.cardLocations.map { $0.inside(entry: path) }
                archive.warnings = archive.warnings.map { $0.inside(entry: path) }
                CatimaArt.read(into: &archive, from: zip)
                return archive
            } catch {
                throw error.inside(entry: path)
            }
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    /// A zip holding `csv` as `catima.csv` and `images` (`CatimaArt.members(of:)`), the
    /// layout Catima's importer expects.
    public static func archiveData(csv: String, images: [(String, Data)] = [], modified: Date) throws -> Data {
        try ZipContainer.archiveData(files: [(csvEntry, Data(csv.utf8))] + images, modified: modified)
    }
}

/// Catima files are UTF-8.
enum CatimaText {
    static func decode(_ data: Data) throws(LocatedProblem) -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw LocatedProblem(.notUTF8) }
        return text
    }
}
