import Foundation
import ArgumentParser
import Barcodes
import CardArt
import WalletCore

/// The card fields `card add` and `card edit` share (store and code are declared by each
/// command: required for add, optional for edit; the flags differ too). A new editable field
/// gets its option here and one line in ``apply(to:allowNone:)``.
struct CardFieldOptions: ParsableArguments {
    @Option(help: CardFormatChoice.help("Barcode format (Catima names accepted). Edit: 'none' removes the barcode."))
    var format: CardFormatChoice?

    @Option(
        name: .customLong("barcode-value"), parsing: .unconditional,
        help: "What the barcode encodes when it differs from the number ('' clears).")
    var barcodeValue: String?

    @Option(help: "Character set of the barcode's text: UTF-8 (default) or ISO-8859-1 ('' resets to UTF-8).")
    var barcodeEncoding: String?

    @Option(
        help: ArgumentHelp(
            "The barcode is GS1 (FNC1 first; its value a GS1 element string, GS between fields), drawn in GS1 mode.",
            valueName: "true|false"))
    var gs1: Bool?

    @Option(help: "Card color as #RRGGBB (default: derived from the store name).")
    var color: String?

    @Option(parsing: .unconditional, help: "Free text, may span lines ('' clears).")
    var note: String?

    @Option(help: "Expiry date YYYY-MM-DD ('' clears).")
    var expiry: String?

    @Option(parsing: .unconditional, help: "Balance left on the card, a decimal such as 12.50 ('' clears).")
    var balance: String?

    @Option(help: "ISO 4217 currency of the balance, e.g. EUR (none: points; '' clears).")
    var currency: String?

    @Option(name: .customLong("group"), help: "Put the card in this group (repeatable).")
    var groups: [String] = []

    @Option(
        help: ArgumentHelp(
            "A PNG or JPEG as the card's logo (scaled to 480x150 px, re-encoded); 'none' removes it.", valueName: "FILE|none"))
    var logo: String?

    /// Sets on `fields` every option given: '' clears an optional field, `--format none` (when
    /// `allowNone`) removes the barcode, clearing the balance clears its currency unless
    /// `--currency` is given too, and `--group` adds to the card's groups.
    func apply(to fields: inout CardFields, allowNone: Bool) throws {
        if let format = try parsedFormat(allowNone: allowNone) { fields.format = format }
        if let value = Self.clearable(barcodeValue) { fields.barcodeValue = value }
        if let name = Self.clearable(barcodeEncoding) { fields.barcodeEncoding = try name.map(BarcodeTextEncoding.named) }
        if let gs1 { fields.gs1 = gs1 }
        if let color { fields.color = color }
        if let note { fields.note = note }
        if let expiry = Self.clearable(expiry) { fields.expiry = expiry }
        if let balance = Self.clearable(balance) {
            fields.balance = balance
            if balance == nil, currency == nil { fields.currency = nil }
        }
        if let currency = Self.clearable(currency) { fields.currency = currency }
        fields.groups += groups
    }

    /// The change of the card's images the options ask for: `--logo FILE` read, checked and
    /// re-encoded now, before anything is written; `--logo none` removes the logo.
    func artChange() throws -> CardArtChange {
        guard let logo else { return CardArtChange() }
        if logo.lowercased() == "none" { return CardArtChange(removed: [.logo]) }
        return CardArtChange(images: [.logo: try CardImageIntake().image(fileAt: logo, role: .logo)])
    }

    /// `--format` parsed; `.some(nil)` for `none`, nil when the option was not given.
    func parsedFormat(allowNone: Bool) throws -> Symbology?? {
        switch format {
        case nil: return nil
        case .format(let symbology)?: return .some(symbology)
        case .noBarcode? where allowNone: return .some(nil)
        case .noBarcode?: throw BarcodeError.unknownFormat("none")
        }
    }

    /// An optional text option where '' means "clear": nil when not given, `.some(nil)` to clear.
    private static func clearable(_ value: String?) -> String?? {
        guard let value else { return nil }
        return .some(value.isEmpty ? nil : value)
    }
}

extension ContainerOptions {
    /// The app side's repository on the resolved container, with the clock `WALLET_NOW` fixes.
    func repository() throws -> CardRepository {
        try CardRepository(container: container, clock: WalletClock.fromEnvironment())
    }

    /// A read-only view of the resolved container, for commands that only show cards: they
    /// work on a read-only or full wallet and never create, migrate or write anything.
    /// When the wallet can only be read as a snapshot (``CardReader/readsSnapshot``), says so
    /// on stderr: a read-only directory or a full disk.
    func reader() throws -> CardReader { try Self.reader(of: container) }

    /// ``reader()`` for a container already resolved.
    static func reader(of container: SharedContainer) throws -> CardReader {
        let reader = try CardReader(container: container)
        ProcessLifetime.keep(reader)
        _ = try reader.dataGeneration()
        if reader.readsSnapshot {
            let directory = container.url.path
            let why = access(directory, W_OK) == 0 ? "the disk is full" : "its directory is read-only"
            FileHandle.standardError.write(
                Data(
                    "note: reading a snapshot of the wallet in \(TerminalText.escaped(directory)): \(why), so nothing can be changed there\n"
                        .utf8))
        }
        return reader
    }
}
