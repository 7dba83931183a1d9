import Barcodes
import Foundation
import WalletCore

/// A card as `card show` and `wallet open` print it: the barcode drawn in the terminal (so a
/// scanner can read it off the screen), the store and number under it, then the details.
///
/// A barcode wider than the terminal is left out (its lines would wrap into something no scanner
/// reads): the details still print, with a one-line notice on stderr saying how to get the code,
/// and the command succeeds.
enum CardPresentation {
    /// The card as text for a terminal `columns` wide, and the notice for stderr when its
    /// barcode does not fit (none when `writesImage`: the code is going to a file anyway).
    /// A note longer than this many lines (a pass's back fields) is cut there unless `all`,
    /// with a line counting the rest: what a pass shows on its front.
    static let noteLines = 8

    static func text(
        _ card: Card, columns: Int, writesImage: Bool = false, all: Bool = false, reference: String? = nil
    ) -> (text: String, notice: String?) {
        var lines: [String] = []
        var notice: String?
        if let format = card.format {
            do {
                lines.append(try terminalBarcode(card, format: format, columns: columns))
            } catch let narrow as TerminalTooNarrow {
                notice = writesImage ? nil : "note: \(narrow)"
            } catch {
                lines.append("(the \(format.rawValue) barcode cannot be drawn: \(error); show the number)")
            }
        }
        lines.append(TerminalText.escaped(card.store))
        lines.append(TerminalText.escaped(card.code))
        if card.format == nil { lines.append("(no barcode: show this number at the till)") }
        if let value = card.barcodeValue {
            lines.append("Barcode value: \(TerminalText.escaped(BarcodeDisplayText.of(value, gs1: card.gs1)))")
        }
        if card.gs1, card.format != nil { lines.append("GS1: yes (FNC1 first)") }
        if let encoding = card.barcodeEncoding, card.format != nil { lines.append("Barcode encoding: \(encoding.rawValue)") }
        if let expiry = card.expiry { lines.append("Expires: \(TerminalText.escaped(expiry))") }
        if let balance = card.balance {
            lines.append(TerminalText.escaped("Balance: \(balance)\(card.currency.map { " " + $0 } ?? " points")"))
        }
        if let art = artLine(card.art) { lines.append(art) }
        if let authenticity = card.authenticity { lines.append("Pass: " + TerminalText.escaped(authenticity.sentence)) }
        if !card.groups.isEmpty { lines.append("Groups: \(TerminalText.escaped(card.groups.joined(separator: ", ")))") }
        if card.favorite { lines.append("Favorite") }
        if card.archived { lines.append("Archived") }
        let uses = card.usageCount == 1 ? "1 time" : "\(card.usageCount) times"
        lines.append("Used \(uses)\(card.lastUsed.map { ", last \(LocalTime.format($0))" } ?? "")")
        lines += noteLines(card, all: all, reference: reference ?? String(card.id.lowercasedText.prefix(8)))
        return (lines.joined(separator: "\n"), notice)
    }

    /// "Note: ..." with its lines; past ``noteLines`` (unless `all`), "(N more lines: `wallet
    /// card show REFERENCE --all`)".
    static func noteLines(_ card: Card, all: Bool, reference: String) -> [String] {
        guard !card.note.isEmpty else { return [] }
        let note = card.note.split(separator: "\n", omittingEmptySubsequences: false)
        guard !all, note.count > noteLines else { return ["Note: " + TerminalText.escaped(card.note, multiline: true)] }
        let shown = note.prefix(noteLines).joined(separator: "\n")
        let rest = note.count - noteLines
        return [
            "Note: " + TerminalText.escaped(shown, multiline: true),
            "(\(rest) more line\(rest == 1 ? "" : "s"): `wallet card show \(ShellQuoting.quoted(reference)) --all`)",
        ]
    }

    /// `Art: logo, icon; pass colors: foreground #FFFFFF, label #D0D0D0`, or nil for a card without art.
    static func artLine(_ art: CardArtSummary) -> String? {
        let colors = [("foreground", art.foregroundColor), ("label", art.labelColor)].compactMap { name, color in
            color.map { "\(name) \($0)" }
        }
        var parts: [String] = []
        if !art.roles.isEmpty { parts.append(art.roles.map(\.rawValue).joined(separator: ", ")) }
        if !colors.isEmpty { parts.append("pass colors: " + colors.joined(separator: ", ")) }
        return parts.isEmpty ? nil : "Art: " + parts.joined(separator: "; ")
    }

    /// Prints the card as text or JSON after writing `files` (all or nothing: a card that
    /// cannot be drawn fails the command before any file is written), and says where the files
    /// went: after the text, on stdout; with `--json` (stdout is the JSON alone), on stderr.
    static func show(
        _ card: Card, json: Bool, files: CardOutputFiles = CardOutputFiles(), all: Bool = false, reference: String? = nil
    ) throws {
        try files.write(permissions: filePermissions)
        let lines = files.paths.map { "wrote \(TerminalText.escaped($0))" }
        if json {
            CardOutput.writeJSON(card)
            for line in lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        } else {
            let (text, notice) = text(
                card, columns: TerminalWidth.current(), writesImage: !lines.isEmpty, all: all, reference: reference)
            print(text)
            for line in lines { print(line) }
            if let notice { FileHandle.standardError.write(Data((notice + "\n").utf8)) }
        }
    }
}
