import Foundation
import WalletCore

/// The wallet's own export: everything it stores, cards, groups and usage history.
///
/// ```json
/// {"format":"wallet","version":1,"groups":["Food"],
///  "usage":[{"card":"<card id>","date":"2026-11-22T09:30:00Z"}],
///  "cards":[<card JSON>],
///  "art":[<card images and pass colors, WalletJSONArt>]}
/// ```
/// (`art` only when a card has any.)
/// Cards use the card JSON of CLI.md (WalletCore's `Card` coding), so dates have whole-second
/// precision, as `card list --json` shows them. On import a bare array of cards (the output of
/// `wallet card list --json`) is accepted too; without a `usage` list each card's `lastUsed`,
/// when set, becomes one usage event. A card without `createdAt` is created at the import time.
public struct WalletJSONCodec: Sendable {
    /// The value of the `format` key.
    public static let formatName = "wallet"
    public static let version = 1

    /// Creation date for cards whose JSON has none.
    public var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// The JSON document for `archive` (UTF-8, one card per line).
    public func encode(_ archive: WalletArchive) throws -> Data {
        var complete = archive
        complete.collectGroups()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var data = Data("{\"format\":\"\(Self.formatName)\",\"version\":\(Self.version),\n\"groups\":".utf8)
        data.append(try encoder.encode(complete.groups))
        data.append(contentsOf: ",\n\"usage\":[".utf8)
        for (index, event) in complete.usageEvents.enumerated() {
            let separator = index == 0 ? "\n" : ",\n"
            data.append(contentsOf:
                "\(separator){\"card\":\"\(event.cardID.lowercasedText)\",\"date\":\"\(ISO8601.format(event.date))\"}".utf8)
        }
        data.append(contentsOf: "],\n\"cards\":".utf8)
        data.append(CardJSONWriter.array(complete.cards))
        data.append(try WalletJSONArt.encoded(complete))
        data.append(contentsOf: "}\n".utf8)
        return data
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
                let cards = try JSONDecoder().decode([CardEntry].self, from: data)
                document = Document(format: Self.formatName, version: Self.version, groups: nil, cards: cards, usage: nil, art: nil)
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
        for (index, entry) in document.cards.enumerated() {
            let path = isBareArray ? "[\(index)]" : "cards[\(index)]"
            var card = entry.card
            if !entry.hasCreatedAt { card.createdAt = now }
            try CardCheck.checkBarcode(of: card, at: .jsonPath(path))
            guard ids.insert(card.id).inserted else {
                throw LocatedProblem(.duplicateCardID(card.id.lowercasedText), at: .jsonPath("\(path).id"))
            }
            archive.cards.append(card)
            archive.cardLocations.append(.jsonPath(path))
            if document.usage == nil, let date = entry.card.lastUsed {
                archive.usageEvents.append(UsageEvent(cardID: card.id, date: date))
            }
        }
        for (index, event) in (document.usage ?? []).enumerated() {
            let path = "usage[\(index)]"
            guard let id = UUID(uuidString: event.card), ids.contains(id) else {
                throw LocatedProblem(.unknownCardReference(event.card), at: .jsonPath("\(path).card"))
            }
            guard let date = ISO8601.parse(event.date) else {
                throw LocatedProblem(.invalidDate(field: "date", value: event.date), at: .jsonPath("\(path).date"))
            }
            archive.usageEvents.append(UsageEvent(cardID: id, date: date))
        }
        archive.art = try WalletJSONArt.decoded(document.art ?? [], ids: ids)
        archive.collectGroups()
        archive.deriveUsage()
        return archive
    }
}

/// The top-level object of the export.
private struct Document: Decodable {
    var format: String
    var version: Int
    var groups: [String]?
    var cards: [CardEntry]
    var usage: [UsageJSON]?
    var art: [WalletJSONArt.Entry]?
}

/// A card as decoded by WalletCore, and whether its JSON gave a creation date.
private struct CardEntry: Decodable {
    var card: Card
    var hasCreatedAt: Bool

    private enum Keys: String, CodingKey { case createdAt }

    init(from decoder: Decoder) throws {
        card = try Card(from: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        hasCreatedAt = try container.decodeIfPresent(String.self, forKey: .createdAt) != nil
    }
}

/// One usage event.
private struct UsageJSON: Decodable {
    var card: String
    var date: String
}
