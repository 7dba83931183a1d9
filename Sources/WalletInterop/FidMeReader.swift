import Foundation
import WalletCore
import ZipArchive

/// Reads a FidMe export, mapped as Catima's `FidmeImporter` maps it: a zip holding
/// `loyalty_programs.csv`, `;`-separated with a header (`Retailer`, `Program`, `Added At`,
/// `Reference`, `Firstname`, `Lastname`). `Retailer` is the store and `Reference` the number;
/// the note is the programme, the date added and the holder's name, one per line. FidMe keeps
/// no barcode format or color (cards get the color `card add` gives the store) and empties the
/// reference of an expired card; those rows are skipped, as Catima skips them.
public struct FidMeReader: Sendable {
    static let csvEntry = "loyalty_programs.csv"
    static let requiredColumns = ["Retailer", "Reference"]

    /// Creation date given to the imported cards.
    public var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// Reads the cards of the FidMe zip `data` of `file`.
    public func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        try read(ZipContainer.opening(data, file: file), file: file)
    }

    /// Reads the cards of the FidMe zip `zip` of `file` (plain, or opened with its password).
    func read(_ zip: some ZipMembers, file: String) throws(ImportError) -> WalletArchive {
        do throws(LocatedProblem) {
            guard let path = zip.path(named: Self.csvEntry) else { throw LocatedProblem(.missingZipEntry([Self.csvEntry])) }
            do throws(LocatedProblem) {
                return try read(csv: CatimaText.decode(zip.member(path)), entry: path)
            } catch {
                throw error.inside(entry: path)
            }
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    func read(csv text: String, entry: String) throws(LocatedProblem) -> WalletArchive {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let records = try CSVParser(text: body, delimiter: UInt8(ascii: ";")).records().filter { !$0.isBlank }
        guard let header = records.first else { throw LocatedProblem(.emptyFile) }
        let names = header.fields.map { $0.trimmedSpaces.lowercased() }
        let missing = Self.requiredColumns.filter { !names.contains($0.lowercased()) }
        guard missing.isEmpty else { throw LocatedProblem(.missingColumns(missing), at: .line(header.line)) }
        var archive = WalletArchive()
        for record in records.dropFirst() {
            func field(_ name: String) -> String {
                guard let index = names.firstIndex(of: name.lowercased()), index < record.fields.count else { return "" }
                return record.fields[index].trimmedSpaces
            }
            let store = field("Retailer")
            guard !store.isEmpty else { throw LocatedProblem(.requiredFieldEmpty("Retailer"), at: .line(record.line)) }
            let code = field("Reference")
            if code.isEmpty { continue }
            let holder = "\(field("Firstname")) \(field("Lastname"))".trimmedSpaces
            let note = [field("Program"), field("Added At"), holder].filter { !$0.isEmpty }.joined(separator: "\n")
            archive.cards.append(
                Card(
                    fields: CardFields(store: store, code: code, color: CardColor.derived(fromStore: store), note: note),
                    createdAt: now))
            archive.cardLocations.append(.entry(entry, line: record.line))
        }
        return archive
    }
}
