import Foundation
import WalletCore
import Barcodes

/// How cards are printed: the JSON of CLI.md and a plain table for people.
enum CardOutput {
    /// Writes cards as the JSON array of CLI.md.
    static func writeJSON(_ cards: [Card]) {
        write(CardJSONWriter.array(cards))
    }

    /// Writes one card as its JSON object.
    static func writeJSON(_ card: Card) {
        write(CardJSONWriter.object(card))
    }

    /// Writes any other value as JSON (small documents such as the overview).
    static func writeJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        write(try encoder.encode(value))
    }

    private static func write(_ data: Data) {
        FileHandle.standardOutput.write(data + Data([0x0A]))
    }

    /// One line per card: short id, favorite star, store, number, format, expiry, balance, flags; at
    /// most `columns` wide (a terminal's width, ``TerminalWidth``): when the table is wider, the
    /// store and number columns give up columns, the wider of the two first, their texts cut
    /// with an ellipsis. Columns line up by ``DisplayWidth``.
    static func table(_ cards: [Card], columns: Int = .max) -> String {
        // The balance column only when a card has one: most loyalty cards have none.
        let balances = cards.contains { $0.balance != nil }
        let header = ["ID", "STORE", "NUMBER", "FORMAT", "EXPIRY"] + (balances ? ["BALANCE"] : []) + [""]
        var rows = [header]
        rows.reserveCapacity(cards.count + 1)
        for card in cards {
            rows.append(
                [
                    String(card.id.lowercasedText.prefix(8)), oneLine(card.store), oneLine(card.code),
                    card.format?.rawValue ?? "-", TerminalText.escaped(card.expiry ?? ""),
                ] + (balances ? [balance(card)] : []) + [card.archived ? "archived" : ""])
        }
        let stars = ["  "] + cards.map { $0.favorite ? "★ " : "  " }
        let measured = rows.map { $0.map(DisplayWidth.of) }
        var widths = header.indices.map { column in measured.map { $0[column] }.max() ?? 0 }
        widths[1] = min(widths[1], storeLimit)
        widths[2] = min(widths[2], numberLimit)
        fit(&widths, into: columns - starWidth)
        var text = ""
        for ((row, cellWidths), star) in zip(zip(rows, measured), stars) {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                if column == 1 { line += star }
                let fits = cellWidths[column] <= widths[column]
                let shown = fits ? cell : DisplayWidth.truncated(cell, measuring: cellWidths[column], to: widths[column])
                line += shown
                let used = fits ? cellWidths[column] : DisplayWidth.of(shown)
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - used) }
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

    /// Columns the favorite star and its space take before the store.
    private static let starWidth = 2
    /// The widest a store and a number are shown, whatever the terminal.
    private static let storeLimit = 32, numberLimit = 28
    /// The narrowest the store and number columns get when the table must fit a terminal.
    private static let storeMinimum = 8, numberMinimum = 6

    /// Narrows the store (1) and number (2) columns, the wider first, until the table fits
    /// `limit` columns or both are at their minimum (a very narrow terminal wraps).
    private static func fit(_ widths: inout [Int], into limit: Int) {
        let used = widths.filter { $0 > 0 }
        var total = used.reduce(0, +) + 2 * (used.count - 1)
        while total > limit {
            let store = widths[1] > storeMinimum ? widths[1] : 0
            let number = widths[2] > numberMinimum ? widths[2] : 0
            guard store > 0 || number > 0 else { return }
            widths[store >= number ? 1 : 2] -= 1
            total -= 1
        }
    }

    /// "17.49 GBP", "120 points", or empty for a card without a balance.
    static func balance(_ card: Card) -> String {
        guard let balance = card.balance else { return "" }
        return oneLine("\(balance) \(card.currency ?? "points")")
    }

    /// `text` on one line, unprintable characters escaped.
    private static func oneLine(_ text: String) -> String {
        let text = TerminalText.escaped(text)
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
