import Barcodes
import Foundation
import WalletCore

/// Reads an Apple Wallet pass (`.pkpass`: a zip holding `pass.json`) into one card.
///
/// Mapping: the first entry of `barcodes` with a supported format, else the deprecated `barcode`;
/// `message` is what the barcode encodes and `altText` (when present) the printed number; the
/// store is `logoText`, else `organizationName`; `backgroundColor` (`rgb(r, g, b)`) the color;
/// the calendar day of `expirationDate` (in its own offset) the expiry; `voided` archives the
/// card. The first front field with a `currencyCode` and a numeric value gives the balance, and
/// the back fields, one `label: value` per line, the note.
public struct PKPassReader: Sendable {
    static let passEntry = "pass.json"

    /// Apple's barcode formats the wallet can draw.
    static let formats: [String: Symbology] = [
        "PKBarcodeFormatQR": .qr, "PKBarcodeFormatPDF417": .pdf417,
        "PKBarcodeFormatAztec": .aztec, "PKBarcodeFormatCode128": .code128,
    ]

    /// Creation date given to the imported card.
    public var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// Reads the pass in the zip `data` of `file` (the name used in error messages).
    public func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        do throws(LocatedProblem) {
            let zip = try ZipContainer(data: data)
            guard let path = zip.path(named: Self.passEntry) else { throw LocatedProblem(.missingZipEntry([Self.passEntry])) }
            return try read(passJSON: zip.contents(of: path), entry: path)
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    /// Reads the contents of `pass.json`.
    func read(passJSON data: Data, entry: String = passEntry) throws(LocatedProblem) -> WalletArchive {
        do throws(LocatedProblem) {
            let pass: PassJSON
            do {
                pass = try JSONDecoder().decode(PassJSON.self, from: data)
            } catch {
                throw JSONProblem.located(error)
            }
            return WalletArchive(cards: [try card(from: pass)], cardLocations: [.entry(entry, line: nil)])
        } catch {
            throw error.inside(entry: entry)
        }
    }

    private func card(from pass: PassJSON) throws(LocatedProblem) -> Card {
        var candidates = (pass.barcodes ?? []).enumerated().map { ("barcodes[\($0.offset)]", $0.element) }
        if let legacy = pass.barcode { candidates.append(("barcode", legacy)) }
        let usable = candidates.first { _, barcode in
            barcode.format.flatMap { Self.formats[$0] } != nil && !(barcode.message ?? "").isEmpty
        }
        guard let (barcodePath, barcode) = usable, let format = barcode.format.flatMap({ Self.formats[$0] }),
              let message = barcode.message else {
            throw LocatedProblem(.passWithoutBarcode(foundFormats: candidates.compactMap(\.1.format)))
        }
        guard let store = [pass.logoText, pass.organizationName]
            .compactMap({ $0?.trimmingCharacters(in: .whitespacesAndNewlines) })
            .first(where: { !$0.isEmpty }) else {
            throw LocatedProblem(.passWithoutName)
        }
        let altText = barcode.altText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let code = altText.isEmpty ? message : altText
        let balanceField = pass.structure?.frontFields.first { field in
            if case .number = field.value, field.currencyCode != nil { return true }
            return false
        }
        var card = Card(
            store: store, code: code, barcodeValue: message == code ? nil : message, format: format,
            color: try color(pass.backgroundColor, store: store), note: note(pass.structure?.backFields ?? []),
            archived: pass.voided ?? false, expiry: try expiry(pass.expirationDate),
            balance: balanceField?.value?.text, createdAt: now)
        if let currency = balanceField?.currencyCode {
            do {
                card.currency = try CatimaValues.currency(currency)
            } catch {
                throw LocatedProblem(error.problem, at: .jsonPath("currencyCode"))
            }
        }
        try CardCheck.checkBarcode(of: card, at: .jsonPath("\(barcodePath).message"))
        return card
    }

    /// The pass color, or the color `card add` would give the store when the pass has none.
    private func color(_ text: String?, store: String) throws(LocatedProblem) -> String {
        guard let text else { return CardColor.derived(fromStore: store) }
        guard let hex = ColorEncodings.hex(passColor: text) else {
            throw LocatedProblem(.invalidColor(text), at: .jsonPath("backgroundColor"))
        }
        return hex
    }

    /// The calendar day of a W3C date-time, as written (in its own offset).
    private func expiry(_ text: String?) throws(LocatedProblem) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let day = String(text.prefix(10))
        guard ISO8601.parse(text) != nil || text.count == 10, CardDate.isValid(day) else {
            throw LocatedProblem(.invalidDate(field: "expirationDate", value: text), at: .jsonPath("expirationDate"))
        }
        return day
    }

    private func note(_ fields: [PassField]) -> String {
        fields.compactMap { field in
            guard let value = field.value?.text, !value.isEmpty else { return nil }
            guard let label = field.label, !label.isEmpty else { return value }
            return "\(label): \(value)"
        }.joined(separator: "\n")
    }
}
