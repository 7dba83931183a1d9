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
        let rows = cards.map { card in
            [
                String(card.id.lowercasedText.prefix(8)),
                (card.favorite ? "★ " : "  ") + clipped(card.store, to: 32),
                clipped(card.code, to: 28),
                card.format?.rawValue ?? "-",
                card.expiry ?? "",
                card.archived ? "archived" : "",
            ]
        }
        let header = ["ID", "  STORE", "NUMBER", "FORMAT", "EXPIRY", ""]
        let table = [header] + rows
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for row in table {
            var line = ""
            for (column, cell) in row.enumerated() where !cell.isEmpty || column < row.count - 1 {
                if column > 0 { line += "  " }
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count) }
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

    /// `text` on one line, cut to `limit` characters with an ellipsis.
    private static func clipped(_ text: String, to limit: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= limit ? line : String(line.prefix(limit - 1)) + "…"
    }
}
