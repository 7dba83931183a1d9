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
    static func text(_ card: Card, columns: Int, writesImage: Bool = false) -> (text: String, notice: String?) {
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
        if !card.groups.isEmpty { lines.append("Groups: \(TerminalText.escaped(card.groups.joined(separator: ", ")))") }
        if card.favorite { lines.append("Favorite") }
        if card.archived { lines.append("Archived") }
        let uses = card.usageCount == 1 ? "1 time" : "\(card.usageCount) times"
        lines.append("Used \(uses)\(card.lastUsed.map { ", last \(ISO8601.format($0))" } ?? "")")
        if !card.note.isEmpty { lines.append("Note: " + TerminalText.escaped(card.note, multiline: true)) }
        return (lines.joined(separator: "\n"), notice)
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

    /// Prints the card as text or JSON; writes its barcode PNG first when `png` is given, and
    /// says where the files went: after the text, on stdout; with `--json` (stdout is the
    /// JSON alone), on stderr. `written` names files the caller wrote before (the PDF ticket).
    static func show(_ card: Card, json: Bool, png: String?, reference: String, written: [String] = []) throws {
        if let png { try writePNG(card, to: png, reference: reference) }
        let files = (written + [png].compactMap { $0 }).map { "wrote \(TerminalText.escaped($0))" }
        if json {
            CardOutput.writeJSON(card)
            for line in files { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        } else {
            let (text, notice) = text(card, columns: TerminalWidth.current(), writesImage: !files.isEmpty)
            print(text)
            for line in files { print(line) }
            if let notice { FileHandle.standardError.write(Data((notice + "\n").utf8)) }
        }
    }
}
