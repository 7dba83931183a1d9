import Barcodes
import Foundation
import WalletCore

/// Writes a Catima version 2 `catima.csv` that Catima's importer reads: the version line, the
/// groups, cards and links sections separated by blank lines, CRLF line ends, values in Catima's
/// units (see `CatimaValues`).
///
/// Cards are numbered 1, 2, ... in archive order (Catima's `_id` is an integer). A card without a
/// balance is written as balance `0` without currency, as Catima stores it; `lastused` is the
/// card's last use in Unix seconds, 0 when never used. A currency outside ISO 4217 (`PTS`) is
/// written as points (empty `balancetype`): Catima's importer refuses the whole file otherwise. What Catima cannot hold is left out:
/// card ids, creation dates and use counts (only the last use survives).
public struct CatimaCSVWriter: Sendable {
    /// The zone in which expiry days become Catima's midnight instants.
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// The cards table header, in the order Catima's exporter writes it.
    public static let cardsHeader = [
        "_id", "store", "note", "validfrom", "expiry", "balance", "balancetype", "cardid", "barcodeid",
        "barcodetype", "barcodeencoding", "headercolor", "starstatus", "lastused", "archive",
    ]

    /// The CSV text for `archive`.
    public func write(_ archive: WalletArchive) -> String {
        let values = CatimaValues(timeZone: timeZone)
        var csv = CSVWriter()
        csv.record(["2"])
        csv.blankLine()
        csv.record(["_id"])
        var groups = archive
        groups.collectGroups()
        for group in groups.groups { csv.record([group]) }
        csv.blankLine()
        csv.record(Self.cardsHeader)
        for (offset, card) in archive.cards.enumerated() {
            csv.record(row(for: card, id: offset + 1, values: values))
        }
        csv.blankLine()
        csv.record(["cardId", "groupId"])
        for (offset, card) in archive.cards.enumerated() {
            for group in card.groups { csv.record([String(offset + 1), group]) }
        }
        return csv.text
    }

    private func row(for card: Card, id: Int, values: CatimaValues) -> [String] {
        [
            String(id),
            card.store,
            card.note,
            "",
            values.milliseconds(day: card.expiry),
            card.balance ?? "0",
            CatimaValues.balanceType(card.currency),
            card.code,
            card.barcodeValue ?? "",
            card.format?.catimaName ?? "",
            card.barcodeEncoding?.rawValue ?? (card.format == nil ? "" : BarcodeTextEncoding.utf8.rawValue),
            String(
                ColorEncodings.androidColor(hex: card.color) ?? ColorEncodings.androidColor(
                    hex: CardColor.derived(fromStore: card.store))!),
            card.favorite ? "1" : "0",
            String(card.lastUsed.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? 0),
            card.archived ? "1" : "0",
        ]
    }
}
