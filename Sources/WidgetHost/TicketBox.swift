import FileOutput
import Foundation
import Glibc
import WalletCore
import WidgetRenderer

/// Phosh's lock-screen ticket box: its `ticket-box` plugin shows the PDFs of one folder. The host
/// keeps there a one-page ticket (``CardTicket``) for each card a lock-screen widget shows, named
/// `<store> (wallet <id prefix>).pdf`: written atomically when the card appears or its fields or
/// art change, removed when no lock-screen widget shows it any more. Other files are left alone.
/// Tickets are written through the host's marked temporaries (``HostTemporaries``), the one
/// naming of the host's temporary files: a host killed mid-write leaves one the next start
/// removes, here as in the output directory.
struct TicketBox {
    /// The folder, absolute.
    let folder: String
    /// The host's temporary file names.
    let temporaries: HostTemporaries
    /// The tickets in the folder: card id -> file name and the fields it was drawn from.
    private var tickets: [UUID: (name: String, fields: CardFields, art: CardArtSummary)] = [:]
    /// False until the folder was swept once for tickets a previous host left behind.
    private var swept = false

    init(folder: String, temporaries: HostTemporaries) {
        self.folder = folder
        self.temporaries = temporaries
    }

    /// Brings the folder in line with `cards` (the cards lock-screen widgets show now, `logos`
    /// their logos); returns what it did as event lines (`ticket`, `ticket-removed`, `error`).
    mutating func show(_ cards: [Card], logos: [UUID: Data] = [:]) -> [EventLine] {
        var lines: [EventLine] = []
        let wanted = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if !swept {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                return [.error("cannot create the ticket box \(folder): \(error.localizedDescription)")]
            }
            swept = true
            let names = Set(wanted.values.map(Self.fileName))
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where (Self.isTicket(name) && !names.contains(name)) || temporaries.isOwn(name) {
                unlink(path(name))
            }
        }
        for (id, card) in wanted.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            let name = Self.fileName(card)
            if let held = tickets[id], held.name == name, held.fields == card.fields, held.art == card.art,
                access(path(name), F_OK) == 0
            {
                continue
            }
            do {
                let barcode = try card.format.map { try card.barcode(as: $0) }
                let pdf = try CardTicket.pdf(for: card, barcode: barcode, logo: logos[id])
                try AtomicFile.write(
                    [UInt8](pdf), to: path(name), permissions: 0o600, owned: true, temporaryName: temporaries.name)
            } catch {
                lines.append(.error("cannot write the ticket of \(card.store) in \(folder): \(error)"))
                continue
            }
            if let held = tickets[id], held.name != name { unlink(path(held.name)) }
            tickets[id] = (name, card.fields, card.art)
            lines.append(.ticket(card: id, file: path(name)))
        }
        for (id, held) in tickets where wanted[id] == nil {
            unlink(path(held.name))
            tickets[id] = nil
            lines.append(.ticketRemoved(card: id, file: path(held.name)))
        }
        return lines
    }

    private func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// `<store> (wallet <first 8 hex digits of the id>).pdf`; the store without slashes or
    /// control characters, at most 60 characters, never starting with a dot.
    static func fileName(_ card: Card) -> String {
        var store = String(
            card.store.map {
                $0 == "/" || $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "_" : $0
            }.prefix(60))
        if store.hasPrefix(".") { store = "_" + store.dropFirst() }
        return "\(store) (wallet \(card.id.uuidString.lowercased().prefix(8))).pdf"
    }

    /// True for a name ``fileName(_:)`` makes: ` (wallet ` and 8 hex digits before `).pdf`.
    static func isTicket(_ name: String) -> Bool {
        guard name.hasSuffix(").pdf"), let marker = name.range(of: " (wallet ", options: .backwards) else { return false }
        let digits = name[marker.upperBound...].dropLast(").pdf".count)
        return digits.count == 8 && digits.allSatisfy(\.isHexDigit)
    }
}
