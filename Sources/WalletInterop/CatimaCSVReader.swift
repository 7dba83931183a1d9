import Foundation
import WalletCore

/// Reads Catima's `catima.csv`: version 2 (a `2` line, then groups, cards and links sections
/// separated by blank lines) and version 1 (a single cards table, no version line).
///
/// Sections are recognised by their headers (`_id`; the cards header; `cardId,groupId`), so
/// quoted notes holding blank lines cannot split a section. Links to a card `_id` absent from the
/// cards section are ignored, as Catima does (its own documented example has one); a group named
/// only in the links section is created.
public struct CatimaCSVReader: Sendable {
    /// Creation date given to imported cards (Catima does not record one).
    public var now: Date
    /// The zone in which expiry instants are read as calendar days.
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    /// Parses the CSV text of `file` (the name used in error messages).
    public func read(_ text: String, file: String) throws(ImportError) -> WalletArchive {
        do {
            return try read(text)
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    func read(_ text: String) throws(LocatedProblem) -> WalletArchive {
        let records = try CSVParser(text: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text).records()
        guard let first = records.firstIndex(where: { !$0.isBlank }) else { throw LocatedProblem(.emptyFile) }
        let firstRecord = records[first]
        guard firstRecord.fields.count == 1, let version = Self.version(firstRecord.fields[0]) else {
            return try readVersion1(records[first...])
        }
        switch version {
        case "1": return try readVersion1(records[(first + 1)...])
        case "2": return try readVersion2(records[(first + 1)...])
        default: throw LocatedProblem(.unsupportedVersion(version), at: .line(firstRecord.line))
        }
    }

    /// The version number when `field` is one (digits only).
    static func version(_ field: String) -> String? {
        let trimmed = field.trimmedSpaces
        return !trimmed.isEmpty && trimmed.allSatisfy(\.isASCIIDigit) ? trimmed : nil
    }

    private func readVersion1(_ records: ArraySlice<CSVRecord>) throws(LocatedProblem) -> WalletArchive {
        let rows = records.filter { !$0.isBlank }
        guard let header = rows.first else { throw LocatedProblem(.missingSection("cards")) }
        var builder = ArchiveBuilder()
        try readCards(header: header, rows: rows.dropFirst(), into: &builder)
        return builder.archive()
    }

    private func readVersion2(_ records: ArraySlice<CSVRecord>) throws(LocatedProblem) -> WalletArchive {
        var builder = ArchiveBuilder()
        var seen: Set<SectionKind> = []
        for section in Self.sections(records) {
            let header = section[section.startIndex]
            let kind = SectionKind(header: header)
            guard let kind, seen.insert(kind).inserted else {
                throw LocatedProblem(.unexpectedSection(header.fields.joined(separator: ",")), at: .line(header.line))
            }
            let rows = section.dropFirst()
            switch kind {
            case .groups: try readGroups(rows, into: &builder)
            case .cards: try readCards(header: header, rows: rows, into: &builder)
            case .links: try readLinks(rows, into: &builder)
            }
        }
        guard seen.contains(.cards) else { throw LocatedProblem(.missingSection("cards")) }
        return builder.archive()
    }

    /// Runs of non-blank records between blank lines.
    static func sections(_ records: ArraySlice<CSVRecord>) -> [ArraySlice<CSVRecord>] {
        records.split(whereSeparator: \.isBlank)
    }

    private func readGroups(_ rows: ArraySlice<CSVRecord>, into builder: inout ArchiveBuilder) throws(LocatedProblem) {
        for row in rows {
            guard row.fields.count == 1 else {
                throw LocatedProblem(.wrongColumnCount(found: row.fields.count, expected: 1), at: .line(row.line))
            }
            guard !row.fields[0].isEmpty else { throw LocatedProblem(.requiredFieldEmpty("group _id"), at: .line(row.line)) }
            builder.addGroup(row.fields[0])
        }
    }

    private func readCards(
        header: CSVRecord, rows: ArraySlice<CSVRecord>, into builder: inout ArchiveBuilder
    ) throws(LocatedProblem) {
        let columns = try CatimaColumns(header: header)
        let values = CatimaValues(timeZone: timeZone)
        for row in rows {
            let parsed = try CatimaCardRow(record: row, columns: columns, values: values, now: now)
            try builder.addCard(parsed, line: row.line)
        }
    }

    private func readLinks(_ rows: ArraySlice<CSVRecord>, into builder: inout ArchiveBuilder) throws(LocatedProblem) {
        for row in rows {
            guard row.fields.count == 2 else {
                throw LocatedProblem(.wrongColumnCount(found: row.fields.count, expected: 2), at: .line(row.line))
            }
            guard let cardID = try? CatimaValues.integer(row.fields[0], field: "cardId") else {
                let problem: ImportProblem =
                    row.fields[0].isEmpty
                    ? .requiredFieldEmpty("cardId") : .invalidNumber(field: "cardId", value: row.fields[0])
                throw LocatedProblem(problem, at: .line(row.line))
            }
            guard !row.fields[1].isEmpty else { throw LocatedProblem(.requiredFieldEmpty("groupId"), at: .line(row.line)) }
            builder.link(catimaID: cardID, group: row.fields[1])
        }
    }
}

/// The three tables of a version 2 file, told apart by their headers.
private enum SectionKind {
    case groups, cards, links

    init?(header: CSVRecord) {
        let names = header.fields.map { $0.trimmedSpaces.lowercased() }
        if names == ["_id"] {
            self = .groups
        } else if names == ["cardid", "groupid"] {
            self = .links
        } else if names.contains("_id") && names.contains("store") {
            self = .cards
        } else {
            return nil
        }
    }
}

/// Collects what a Catima file holds and resolves links from Catima ids to cards.
private struct ArchiveBuilder {
    private var rows: [CatimaCardRow] = []
    private var indexByCatimaID: [Int64: Int] = [:]
    private var groups: [String] = []
    private var knownGroups: Set<String> = []
    private var links: [(catimaID: Int64, group: String)] = []

    mutating func addGroup(_ name: String) {
        if knownGroups.insert(name).inserted { groups.append(name) }
    }

    mutating func addCard(_ row: CatimaCardRow, line: Int) throws(LocatedProblem) {
        guard indexByCatimaID[row.catimaID] == nil else {
            throw LocatedProblem(.duplicateCardID(String(row.catimaID)), at: .line(line))
        }
        indexByCatimaID[row.catimaID] = rows.count
        rows.append(row)
    }

    mutating func link(catimaID: Int64, group: String) {
        addGroup(group)
        links.append((catimaID, group))
    }

    func archive() -> WalletArchive {
        var cards = rows.map(\.card)
        for (catimaID, group) in links {
            guard let index = indexByCatimaID[catimaID], !cards[index].groups.contains(group) else { continue }
            cards[index].groups.append(group)
        }
        var archive = WalletArchive(
            cards: cards, groups: groups,
            usageEvents: rows.compactMap { row in row.lastUsed.map { UsageEvent(cardID: row.card.id, date: $0) } },
            cardLocations: rows.map(\.location))
        archive.warnings = rows.flatMap(\.warnings)
        for row in rows { archive.sourceIDs[row.card.id] = String(row.catimaID) }
        archive.deriveUsage()
        return archive
    }
}
