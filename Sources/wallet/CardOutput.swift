import Foundation
import WalletCore

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

    /// One line per card: short id, favorite star, store, number, format, expiry, flags.
    static func table(_ cards: [Card]) -> String {
        let header = ["ID", "  STORE", "NUMBER", "FORMAT", "EXPIRY", ""]
        var rows: [[(text: String, width: Int)]] = [header.map { ($0, $0.count) }]
        rows.reserveCapacity(cards.count + 1)
        for card in cards {
            rows.append([
                String(card.id.lowercasedText.prefix(8)),
                (card.favorite ? "★ " : "  ") + clipped(card.store, to: 32),
                clipped(card.code, to: 28),
                card.format?.rawValue ?? "-",
                TerminalText.escaped(card.expiry ?? ""),
                card.archived ? "archived" : "",
            ].map { ($0, $0.count) })
        }
        let widths = header.indices.map { column in rows.map { $0[column].width }.max() ?? 0 }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                line += cell.text
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.width) }
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

    /// `text` on one line, unprintable characters escaped, cut to `limit` characters with an ellipsis.
    private static func clipped(_ text: String, to limit: Int) -> String {
        let text = TerminalText.escaped(text)
        if text.utf8.count <= limit, !text.contains(where: \.isNewline) { return text }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= limit ? line : String(line.prefix(limit - 1)) + "…"
    }
}
