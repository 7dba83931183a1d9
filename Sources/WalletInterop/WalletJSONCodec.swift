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
            data.append(
                contentsOf:
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

    /// The most usage events read (ten opens a day for 270 years).
    static let maximumUsageEvents = 1_000_000

    /// Reads the document without holding it decoded: ``JSONScanner`` finds the top-level
    /// members and each array is decoded in chunks (``JSONChunks``), refused as soon as it
    /// passes its limit (100,000 cards or groups, ``maximumUsageEvents`` events), so memory
    /// stays a small multiple of the file whatever its shape.
    func decode(_ data: Data) throws(LocatedProblem) -> WalletArchive {
        let scanner = JSONScanner(data: data)
        let start = scanner.skipSpace(0)
        var archive = WalletArchive()
        var ids: Set<UUID> = []
        let end: Int
        if scanner.byte(at: start) == UInt8(ascii: "[") {
            end = try readCards(scanner, arrayAt: start, path: "", usageListed: false, into: &archive, ids: &ids)
        } else {
            let (members, objectEnd) = try scanner.members(ofObjectAt: start, path: "")
            end = objectEnd
            func member(_ key: String) -> Range<Int>? { members.last { $0.key == key }?.value }
            func decoded<Value: Decodable>(_ type: Value.Type, _ key: String) throws(LocatedProblem) -> Value? {
                guard let range = member(key) else { return nil }
                do {
                    return try JSONDecoder().decode(Value.self, from: scanner.slice(range))
                } catch {
                    throw LocatedProblem(JSONProblem.located(error).problem, at: .jsonPath(key))
                }
            }
            func required<Value: Decodable>(_ type: Value.Type, _ key: String) throws(LocatedProblem) -> Value {
                guard let value = try decoded(type, key) else {
                    throw LocatedProblem(.invalidJSON("missing key \"\(key)\""), at: .jsonPath(""))
                }
                return value
            }
            let format = try required(String.self, "format")
            guard format == Self.formatName else {
                throw LocatedProblem(
                    .invalidJSON("format is '\(format)', expected '\(Self.formatName)'"), at: .jsonPath("format"))
            }
            let version = try required(Int.self, "version")
            guard version <= Self.version else {
                throw LocatedProblem(.unsupportedVersion(String(version)), at: .jsonPath("version"))
            }
            if let groups = member("groups"), scanner.byte(at: groups.lowerBound) != UInt8(ascii: "n") {
                try JSONChunks.decode(
                    String.self, arrayAt: groups.lowerBound, in: scanner, path: "groups", limit: ImportLimits.maximumRecords
                ) { _, name in
                    archive.groups.append(name)
                }
            }
            guard let cards = member("cards") else {
                throw LocatedProblem(.invalidJSON("missing key \"cards\""), at: .jsonPath(""))
            }
            let usage = member("usage").flatMap { scanner.byte(at: $0.lowerBound) == UInt8(ascii: "n") ? nil : $0 }
            _ = try readCards(
                scanner, arrayAt: cards.lowerBound, path: "cards", usageListed: usage != nil, into: &archive, ids: &ids)
            if let usage {
                try JSONChunks.decode(
                    UsageJSON.self, arrayAt: usage.lowerBound, in: scanner, path: "usage", limit: Self.maximumUsageEvents
                ) { (index, event) throws(LocatedProblem) in
                    let path = "usage[\(index)]"
                    guard let id = UUID(uuidString: event.card), ids.contains(id) else {
                        throw LocatedProblem(.unknownCardReference(event.card), at: .jsonPath("\(path).card"))
                    }
                    guard let date = ISO8601.parse(event.date) else {
                        throw LocatedProblem(.invalidDate(field: "date", value: event.date), at: .jsonPath("\(path).date"))
                    }
                    archive.usageEvents.append(UsageEvent(cardID: id, date: date))
                }
            }
            archive.art = try WalletJSONArt.decoded(decoded([WalletJSONArt.Entry].self, "art") ?? [], ids: ids)
        }
        guard scanner.skipSpace(end) >= data.count else {
            throw LocatedProblem(
                .invalidJSON("unexpected text after the document at byte \(scanner.skipSpace(end))"), at: .jsonPath(""))
        }
        archive.collectGroups()
        archive.deriveUsage()
        return archive
    }

    /// Reads the card array at `start` (`path` names it) into `archive`; without a usage list
    /// each card's `lastUsed` becomes one usage event. Returns the index past the array.
    private func readCards(
        _ scanner: JSONScanner, arrayAt start: Int, path: String, usageListed: Bool,
        into archive: inout WalletArchive, ids: inout Set<UUID>
    ) throws(LocatedProblem) -> Int {
        var cards: [Card] = []
        var locations: [SourceLocation] = []
        var events: [UsageEvent] = []
        var seen = ids
        let end = try JSONChunks.decode(
            CardEntry.self, arrayAt: start, in: scanner, path: path, limit: ImportLimits.maximumRecords
        ) { (index, entry) throws(LocatedProblem) in
            let location = "\(path)[\(index)]"
            var card = entry.card
            if !entry.hasCreatedAt { card.createdAt = now }
            try CardCheck.checkBarcode(of: card, at: .jsonPath(location))
            guard seen.insert(card.id).inserted else {
                throw LocatedProblem(.duplicateCardID(card.id.lowercasedText), at: .jsonPath("\(location).id"))
            }
            cards.append(card)
            locations.append(.jsonPath(location))
            if !usageListed, let date = entry.card.lastUsed {
                events.append(UsageEvent(cardID: card.id, date: date))
            }
        }
        ids = seen
        archive.cards += cards
        archive.cardLocations += locations
        archive.usageEvents += events
        return end
    }
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
