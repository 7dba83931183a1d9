import Foundation
import WalletCore

/// The wallet's own export: everything it stores, losslessly.
///
/// ```json
/// {"format": "wallet", "version": 1, "groups": ["Food"], "cards": [<card JSON>],
///  "usage": [{"card": "<card id>", "date": "2026-11-22T09:30:00Z"}]}
/// ```
/// Cards use the card JSON of CLI.md. On import a bare array of cards (the output of
/// `wallet card list --json`) is accepted too; without a `usage` list each card's `lastUsed`,
/// when set, becomes one usage event.
public struct WalletJSONCodec: Sendable {
    /// The value of the `format` key.
    public static let formatName = "wallet"
    public static let version = 1

    /// Creation date for cards whose JSON has none.
    public var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// The JSON document for `archive` (pretty-printed, keys sorted, UTF-8).
    public func encode(_ archive: WalletArchive) throws -> Data {
        var complete = archive
        complete.collectGroups()
        let document = Document(
            format: Self.formatName, version: Self.version, groups: complete.groups,
            cards: complete.cards.map(CardJSON.init),
            usage: complete.usageEvents.map { UsageJSON(card: $0.cardID.uuidString, date: JSONDates.format($0.date)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    /// Reads a wallet JSON export (or a card array) from `data` of `file`.
    public func decode(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        do {
            return try decode(data)
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    func decode(_ data: Data) throws(LocatedProblem) -> WalletArchive {
        let document: Document
        let isBareArray = ImportFormatDetector.firstSignificantByte(of: data) == UInt8(ascii: "[")
        do {
            if isBareArray {
                let cards = try JSONDecoder().decode([CardJSON].self, from: data)
                document = Document(format: Self.formatName, version: Self.version, groups: nil, cards: cards, usage: nil)
            } else {
                document = try JSONDecoder().decode(Document.self, from: data)
            }
        } catch {
            throw JSONProblem.located(error)
        }
        guard document.format == Self.formatName else {
            throw LocatedProblem(.invalidJSON("format is '\(document.format)', expected '\(Self.formatName)'"), at: .jsonPath("format"))
        }
        guard document.version <= Self.version else {
            throw LocatedProblem(.unsupportedVersion(String(document.version)), at: .jsonPath("version"))
        }
        var archive = WalletArchive(groups: document.groups ?? [])
        var ids: Set<UUID> = []
        for (index, json) in document.cards.enumerated() {
            let path = isBareArray ? "[\(index)]" : "cards[\(index)]"
            let card = try json.card(now: now, path: path)
            guard ids.insert(card.id).inserted else {
                throw LocatedProblem(.duplicateCardID(card.id.uuidString), at: .jsonPath("\(path).id"))
            }
            archive.cards.append(card)
            if document.usage == nil, let date = try json.lastUseDate(path: path) {
                archive.usageEvents.append(UsageEvent(cardID: card.id, date: date))
            }
        }
        for (index, event) in (document.usage ?? []).enumerated() {
            let path = "usage[\(index)]"
            guard let id = UUID(uuidString: event.card), ids.contains(id) else {
                throw LocatedProblem(.unknownCardReference(event.card), at: .jsonPath("\(path).card"))
            }
            archive.usageEvents.append(UsageEvent(cardID: id, date: try JSONDates.parse(event.date, at: .jsonPath("\(path).date"))))
        }
        archive.collectGroups()
        archive.deriveUsage()
        return archive
    }
}

/// The top-level object of the export.
private struct Document: Codable {
    var format: String
    var version: Int
    var groups: [String]?
    var cards: [CardJSON]
    var usage: [UsageJSON]?
}

/// One usage event.
private struct UsageJSON: Codable {
    var card: String
    var date: String
}
