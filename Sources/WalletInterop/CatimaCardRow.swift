import Barcodes
import Foundation
import WalletCore

/// The column positions of a Catima cards table, found by name as Catima's importer does
/// (columns may be missing or in any order depending on the Catima version that wrote them).
struct CatimaColumns {
    static let required = ["_id", "store", "cardid"]

    let header: CSVRecord
    private let positions: [String: Int]

    init(header: CSVRecord) throws(LocatedProblem) {
        self.header = header
        var positions: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            let key = name.trimmedSpaces.lowercased()
            if positions[key] == nil { positions[key] = index }
        }
        self.positions = positions
        let missing = Self.required.filter { positions[$0] == nil }
        guard missing.isEmpty else { throw LocatedProblem(.missingColumns(missing), at: .line(header.line)) }
    }

    /// The field `name` of `record`, or "" when the table has no such column.
    func value(_ name: String, in record: CSVRecord) -> String {
        guard let index = positions[name] else { return "" }
        return record.fields[index]
    }

    /// Fails unless `record` has as many fields as the header.
    func checkWidth(of record: CSVRecord) throws(LocatedProblem) {
        guard record.fields.count == header.fields.count else {
            throw LocatedProblem(
                .wrongColumnCount(found: record.fields.count, expected: header.fields.count), at: .line(record.line))
        }
    }
}

/// One row of a Catima cards table turned into a card.
///
/// Mapping: `cardid` is the printed number and `barcodeid` (when set and different) what the
/// barcode encodes; `headercolor` (signed ARGB) becomes `#RRGGBB`; `starstatus` is `favorite` and
/// `archive` `archived` (read leniently, as Catima reads them: ``CatimaLeniency``); no `headercolor` gets the color `card add` would give the store; a zero balance without currency is no balance (Catima writes `0` for
/// cards without one) and an empty balance with a currency is 0 in it (Catima's default). `lastused`, Catima's single usage timestamp, becomes one usage event, so
/// an imported card shows that `lastUsed` and a use count of 1 (0 when Catima says 0).
/// `barcodeencoding` (`ISO-8859-1`, `UTF-8` or empty) is the barcode's character set.
/// `validfrom` and images have no place in the card model and are dropped.
struct CatimaCardRow {
    /// Catima's integer `_id`, which the links section refers to.
    var catimaID: Int64
    var card: Card
    var lastUsed: Date?
    /// The line the row starts on.
    var location: SourceLocation
    /// Values read leniently, as Catima reads them (see ``CatimaLeniency``).
    var warnings: [ImportWarning] = []

    init(record: CSVRecord, columns: CatimaColumns, values: CatimaValues, now: Date) throws(LocatedProblem) {
        let location = SourceLocation.line(record.line)
        self.location = location
        do throws(LocatedProblem) {
            try columns.checkWidth(of: record)
            func field(_ name: String) -> String { columns.value(name, in: record) }
            guard let id = try CatimaValues.integer(field("_id"), field: "_id") else {
                throw LocatedProblem(.requiredFieldEmpty("_id"))
            }
            let store = field("store")
            guard !store.isEmpty else { throw LocatedProblem(.requiredFieldEmpty("store")) }
            let code = field("cardid")
            guard !code.isEmpty else { throw LocatedProblem(.requiredFieldEmpty("cardid")) }
            let barcodeID = field("barcodeid")
            var balance = try CatimaValues.balance(field("balance"))
            let currency = try CatimaValues.currency(field("balancetype"))
            if currency == nil, let amount = balance, CatimaValues.isZero(amount) { balance = nil }
            if currency != nil, balance == nil { balance = "0" }
            var lenient = CatimaLeniency(location: location)
            let color = lenient.color(field("headercolor"), store: store)
            let lastUsed = try CatimaValues.integer(field("lastused"), field: "lastused")
            self.catimaID = id
            if let lastUsed, lastUsed > 0 {
                self.lastUsed = try CatimaValues.checkedInstant(lastUsed, field: "lastused")
            } else {
                self.lastUsed = nil
            }
            var card = Card(
                fields: CardFields(
                    store: store, code: code,
                    barcodeValue: barcodeID.isEmpty || barcodeID == code ? nil : barcodeID,
                    format: try Self.symbology(field("barcodetype")),
                    barcodeEncoding: lenient.barcodeEncoding(
                        field("barcodeencoding"), text: barcodeID.isEmpty ? code : barcodeID),
                    color: color,
                    note: Self.unixLineEnds(field("note")),
                    favorite: lenient.flag(field("starstatus"), field: "starstatus", meaning: "not starred"),
                    archived: lenient.flag(field("archive"), field: "archive", meaning: "not archived"),
                    expiry: try values.day(field("expiry"), field: "expiry"), balance: balance, currency: currency),
                createdAt: now)
            lenient.keepUnencodableAsText(&card)
            self.card = card
            warnings = lenient.warnings
        } catch {
            throw LocatedProblem(error.problem, at: error.location ?? location)
        }
    }

    /// `text` with CRLF line ends turned into LF (notes typed on Windows).
    static func unixLineEnds(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "\r")) ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    }

    /// The format for a Catima `barcodetype` (Catima's exact names first, then the CLI's names and
    /// aliases), nil when empty (no barcode).
    static func symbology(_ name: String) throws(LocatedProblem) -> Symbology? {
        let trimmed = name.trimmedSpaces
        guard !trimmed.isEmpty else { return nil }
        if CatimaValues.unsupportedBarcodeTypes.contains(trimmed.uppercased()) {
            throw LocatedProblem(.unsupportedBarcodeType(trimmed))
        }
        let upper = trimmed.uppercased()
        guard let symbology = Symbology.allCases.first(where: { $0.catimaName == upper }) ?? Symbology(name: trimmed) else {
            throw LocatedProblem(.unknownBarcodeType(trimmed))
        }
        return symbology
    }
}
