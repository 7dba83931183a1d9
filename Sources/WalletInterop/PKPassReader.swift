import Barcodes
import Foundation
import WalletCore
import ZipArchive

/// Reads an Apple Wallet pass (`.pkpass`: a zip holding `pass.json`) into one card.
///
/// Mapping: the first entry of `barcodes` with a supported format, else the deprecated `barcode`;
/// `message` is what the barcode encodes, byte for byte (boarding passes pad fixed-width fields
/// with spaces), and `altText` (when present, else the message without outer spaces) the printed
/// number. A pass without a usable barcode becomes a card without one, numbered by its
/// `serialNumber` (as Catima imports it). The store is `logoText`, else `organizationName`;
/// `backgroundColor` (`rgb(r, g, b)`, `rgba(r, g, b, a)` or `#RRGGBB`; anything else gets the
/// color `card add` would give the store) the color; the calendar day of `expirationDate` (in
/// its own offset; seconds optional) the expiry; `voided` archives the card. The first front field
/// with a `currencyCode` and a numeric value gives the balance. The note is the `description`
/// and then every field, one `label: value` per line (header, primary, secondary, auxiliary,
/// back), as Catima writes it. Texts of a localized pass come from its `pass.strings` in the
/// user's language (``PKPassStrings``). `messageEncoding` is the barcode's character set
/// (`ImportedBarcodeEncoding`: one the wallet cannot write falls back to UTF-8, with a warning).
public struct PKPassReader: Sendable {
    static let passEntry = "pass.json"

    /// Apple's barcode formats the wallet can draw.
    static let formats: [String: Symbology] = [
        "PKBarcodeFormatQR": .qr, "PKBarcodeFormatPDF417": .pdf417,
        "PKBarcodeFormatAztec": .aztec, "PKBarcodeFormatCode128": .code128,
    ]

    /// Creation date given to the imported card.
    public var now: Date
    /// The user's languages, most preferred first, for localized passes (``PKPassStrings``).
    public var languages: [String]

    public init(now: Date, languages: [String] = PKPassStrings.preferredLanguages()) {
        self.now = now
        self.languages = languages
    }

    /// Reads the pass in the zip `data` of `file` (the name used in error messages).
    public func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        do throws(LocatedProblem) {
            let zip = try ZipContainer.reading(data)
            guard let path = zip.path(named: Self.passEntry) else { throw LocatedProblem(.missingZipEntry([Self.passEntry])) }
            let json = try zip.member(path, limit: .passJSON)
            let strings = try PKPassStrings.load(from: zip, preferred: languages)
            var archive = try read(passJSON: json, entry: path, strings: strings)
            try readLivePass(zip, passPath: path, strings: strings, into: &archive)
            return PKPassArt.adding(to: archive, from: zip, passJSON: json, entry: path, languages: languages)
        } catch {
            throw ImportError(file: file, location: error.location, problem: error.problem)
        }
    }

    /// Reads the contents of `pass.json`.
    func read(
        passJSON data: Data, entry: String = passEntry, strings: PKPassStrings = PKPassStrings(table: [:])
    ) throws(LocatedProblem) -> WalletArchive {
        do throws(LocatedProblem) {
            let pass: PassJSON
            do {
                pass = try JSONDecoder().decode(PassJSON.self, from: data)
            } catch {
                throw JSONProblem.located(error)
            }
            let (card, warnings) = try card(from: pass.localized(with: strings))
            var archive = WalletArchive(cards: [card], cardLocations: [.entry(entry, line: nil)])
            archive.warnings = warnings.map { $0.inside(entry: entry) }
            return archive
        } catch {
            throw error.inside(entry: entry)
        }
    }

    private func card(from pass: PassJSON) throws(LocatedProblem) -> (Card, [ImportWarning]) {
        var candidates = (pass.barcodes ?? []).enumerated().map { ("barcodes[\($0.offset)]", $0.element) }
        if let legacy = pass.barcode { candidates.append(("barcode", legacy)) }
        let usable = candidates.first { _, barcode in
            barcode.format.flatMap { Self.formats[$0] } != nil
                && !(barcode.message ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        guard
            let store = [pass.logoText, pass.organizationName]
                .compactMap({ $0?.trimmingCharacters(in: .whitespacesAndNewlines) })
                .first(where: { !$0.isEmpty })
        else {
            throw LocatedProblem(.passWithoutName)
        }
        var code: String
        var message: String?
        var encoding: BarcodeTextEncoding?
        var warnings: [ImportWarning] = []
        if let (barcodePath, barcode) = usable, let text = barcode.message {
            let altText = barcode.altText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            code = altText.isEmpty ? text.trimmingCharacters(in: .whitespacesAndNewlines) : altText
            message = text
            let choice = ImportedBarcodeEncoding.choose(barcode.messageEncoding, for: text, field: "messageEncoding")
            encoding = choice.encoding
            if let warning = choice.warning {
                warnings.append(ImportWarning(location: .jsonPath("\(barcodePath).messageEncoding"), message: warning))
            }
        } else {
            code = pass.serialNumber?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !code.isEmpty else {
                throw LocatedProblem(.passWithoutBarcode(foundFormats: candidates.compactMap(\.1.format)))
            }
        }
        let balanceField = pass.structure?.frontFields.first { field in
            if case .number = field.value, field.currencyCode != nil { return true }
            return false
        }
        var card = Card(
            fields: CardFields(
                store: store, code: code, barcodeValue: message == code ? nil : message,
                format: usable?.1.format.flatMap { Self.formats[$0] }, barcodeEncoding: encoding,
                color: color(pass.backgroundColor, store: store),
                note: note(description: pass.description, fields: pass.structure?.noteFields ?? []),
                archived: pass.voided ?? false, expiry: try expiry(pass.expirationDate),
                balance: balanceField?.value?.text),
            createdAt: now)
        if let currency = balanceField?.currencyCode {
            do {
                card.currency = try CatimaValues.currency(currency)
            } catch {
                throw LocatedProblem(error.problem, at: .jsonPath("currencyCode"))
            }
        }
        if let (barcodePath, _) = usable {
            try CardCheck.checkBarcode(of: card, at: .jsonPath("\(barcodePath).message"))
        }
        return (card, warnings)
    }

    /// The pass color, or the color `card add` would give the store when the pass has none
    /// or one the wallet cannot read (Catima does the same rather than refuse the pass).
    private func color(_ text: String?, store: String) -> String {
        text.flatMap(ColorEncodings.hex(passColor:)) ?? CardColor.derived(fromStore: store)
    }

    /// The calendar day of a W3C date-time, as written (in its own offset). Passes in the wild
    /// leave the seconds out (`2017-10-26T16:35+02:00`); those are read too.
    private func expiry(_ text: String?) throws(LocatedProblem) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let day = String(text.prefix(10))
        guard ISO8601.parse(text) != nil || ISO8601.parse(Self.withSeconds(text)) != nil || text.count == 10,
            CardDate.isValid(day)
        else {
            throw LocatedProblem(.invalidDate(field: "expirationDate", value: text), at: .jsonPath("expirationDate"))
        }
        return day
    }

    /// `YYYY-MM-DDTHH:MM<zone>` with `:00` seconds inserted; other text unchanged.
    static func withSeconds(_ text: String) -> String {
        let characters = Array(text)
        guard characters.count > 16, characters[10] == "T", characters[13] == ":",
            !characters[16].isNumber, characters[16] != ":"
        else { return text }
        return String(characters[..<16]) + ":00" + String(characters[16...])
    }

    private func note(description: String?, fields: [PassField]) -> String {
        let description = description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let lines = fields.compactMap { field -> String? in
            guard let value = field.value?.text, !value.isEmpty else { return nil }
            guard let label = field.label, !label.isEmpty else { return value }
            return "\(label): \(value)"
        }
        return ((description.isEmpty ? [] : [description]) + lines).joined(separator: "\n")
    }
}
