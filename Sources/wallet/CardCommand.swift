import ArgumentParser
import Barcodes
import Camera
import Foundation
import Scanning
import WalletCore
import WidgetEngine

/// `wallet card ...`: the app side's card management.
struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card", abstract: "Add, list, show, edit, remove, import and export loyalty cards.",
        subcommands: [
            CardAddCommand.self, CardScanCommand.self, CardListCommand.self, CardShowCommand.self, CardEditCommand.self,
            CardRemoveCommand.self, CardImportCommand.self, CardExportCommand.self, CardShareCommand.self,
            CardUpdateCommand.self, CardHistoryCommand.self, CardRevertCommand.self,
        ])
}

/// `wallet card add`: prints the new card's id alone.
struct CardAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a card; prints its id.",
        discussion: """
            --scan FILE reads the barcode from a PNG, JPEG or PDF: its format and payload become the \
            card's, stored exactly as encoded (control characters, GS1 mode, character set) so it draws \
            back the same code; its human form is the number unless --code gives the printed number. A \
            file with several barcodes needs --pick N (the numbers `wallet card scan FILE` prints). An \
            EAN/UPC reading seen once only (one reader) needs --pick N --confirm after comparing it with \
            the printed number. --camera reads it from a camera instead (see `wallet card scan \
            --camera`), with the same checks; seen in several frames, a reading is confirmed.
            """)

    @OptionGroup var container: ContainerOptions
    @Option(parsing: .unconditional, help: "Store or programme name.") var store: String
    @Option(
        parsing: .unconditional, help: "The number printed on the card (may start with -); required without --scan or --camera.")
    var code: String?
    @Option(
        help: ArgumentHelp("Take the barcode from this PNG, JPEG or PDF.", valueName: "FILE"),
        completion: .file(extensions: ["png", "jpg", "jpeg", "pdf"]))
    var scan: String?
    @Option(help: ArgumentHelp("Which barcode of --scan's file (1 = first), when it holds several.", valueName: "N")) var pick:
        Int?
    @Flag(
        help:
            "With --pick: store a reading seen once only (`card scan` marks it unconfirmed), checked against the printed number.")
    var confirm = false
    @OptionGroup var camera: CameraOptions
    @OptionGroup var fields: CardFieldOptions
    @Flag(help: "Mark the card as a favorite (listed first).") var favorite = false

    func validate() throws {
        if camera.camera, scan != nil { throw CLIError.conflictingFlags("--scan", "--camera") }
        if camera.camera, pick != nil { throw CLIError.conflictingFlags("--pick", "--camera") }
    }

    func run() throws {
        let (code, scanned) = try barcode()
        var draft = CardDraft(store: store, code: code, favorite: favorite)
        try fields.apply(to: &draft, allowNone: false)
        if let scanned {
            draft.barcodeValue = scanned.payload == code ? nil : scanned.payload
            (draft.format, draft.gs1) = (scanned.symbology, scanned.gs1)
            if let encoding = scanned.encoding { draft.barcodeEncoding = encoding }
        }
        let art = CardArtwork(images: try fields.artChange().images)
        let repository = try container.repository()
        let card = try repository.add(draft, art: art)
        print(card.id.lowercasedText)
        NamesakeWarning.warn(about: [card.store], in: repository)
    }

    /// The number, and the scanned code when --scan or --camera gives one (its payload becomes the
    /// barcode value unless it is the number; its human form is the number unless --code gives one).
    private func barcode() throws -> (code: String, scanned: ScannedCode?) {
        if camera.camera { return try fromCamera() }
        guard let scan else {
            guard pick == nil else { throw CLIError.optionNeeds("--pick", "--scan FILE") }
            guard !confirm else { throw CLIError.optionNeeds("--confirm", "--scan FILE --pick N") }
            guard let code else { throw CLIError.missingCode }
            return (code, nil)
        }
        let given = try fields.parsedFormat(allowNone: false) ?? nil
        try refuseEncodingOptions(alongside: "--scan")
        if confirm, pick == nil { throw CLIError.optionNeeds("--confirm", "--pick N") }
        let chosen = try ScanChoice.card(from: ScanWatchdog.scan(fileAt: scan), pick: pick, confirmed: confirm, path: scan)
        // --format may confirm what the picture holds; it cannot change it.
        if let given, given != chosen.symbology {
            throw CLIError.scannedFormatDiffers(given: given.rawValue, found: chosen.symbology.rawValue)
        }
        return (code ?? chosen.display, chosen)
    }

    /// A code read from a picture brings its own barcode value and GS1 mode: `--barcode-value` and
    /// `--gs1` would contradict it.
    private func refuseEncodingOptions(alongside source: String) throws {
        if fields.barcodeValue != nil { throw CLIError.conflictingFlags(source, "--barcode-value") }
        if fields.gs1 != nil { throw CLIError.conflictingFlags(source, "--gs1") }
    }

    /// The camera's reading, checked by the same rules as a scanned file's (seen in several
    /// frames, it comes confirmed: `ReadingStabilizer`).
    private func fromCamera() throws -> (code: String, scanned: ScannedCode?) {
        if fields.format != nil { throw CLIError.conflictingFlags("--camera", "--format") }
        try refuseEncodingOptions(alongside: "--camera")
        if confirm { throw CLIError.conflictingFlags("--confirm", "--camera") }
        let reading = try camera.read()
        let source = camera.cameraSource.map { (try? CameraSource(parsing: $0))?.name ?? $0 } ?? CameraSource.automatic.name
        let chosen = try ScanChoice.card(from: [reading.barcode], pick: nil, path: source)
        return (code ?? chosen.display, chosen)
    }
}

/// `wallet card list`: favorites first, archived hidden unless `--archived`.
struct CardListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List cards, favorites first.")

    @OptionGroup var container: ContainerOptions
    @Flag(help: "Print a JSON array of cards.") var json = false
    @Option(help: "Only cards whose store or note contains this text (case and accents ignored).") var search: String?
    @Option(help: CardSort.help("Order after favorites.")) var sort = CardSort.name
    @Flag(help: "Include archived cards.") var archived = false

    /// The listing as plain values (``FrequentCommand`` makes the same without parsing).
    var request: CardListRequest {
        CardListRequest(home: container.home, json: json, search: search, sort: sort, archived: archived)
    }

    func run() throws { try request.run() }
}

/// `wallet card list` as plain values: what the parser or ``FrequentCommand`` read.
struct CardListRequest: Equatable {
    var home: String?
    var json = false
    var search: String?
    var sort = CardSort.name
    var archived = false

    func run() throws {
        let cards = try ContainerOptions.reader(of: SharedContainer.resolve(home: home))
            .list(search: search, sort: sort, includeArchived: archived)
        if json {
            CardOutput.writeJSON(cards)
        } else if cards.isEmpty {
            print(
                search == nil
                    ? "No cards: add one with `wallet card add --store NAME --code NUMBER`."
                    : "No card matches '\(TerminalText.escaped(search!))'.")
        } else {
            print(CardOutput.table(cards, columns: TerminalWidth.current()), terminator: "")
        }
    }
}

/// `wallet card remove`.
struct CardRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a card and its usage history.")

    @OptionGroup var container: ContainerOptions
    @OptionGroup var card: CardArgument
    @Flag(name: [.short, .long], help: "Print nothing on success (else one line: the card removed, the widgets it leaves).")
    var quiet = false

    func run() throws {
        let repository = try container.repository()
        let removed = try repository.resolveNoting(card)
        let endpoint = try repository.liveEndpoint(of: removed.id)
        try repository.remove(id: removed.id)
        if let endpoint, endpoint.registered { CardUnregistration.tellIssuer(endpoint, repository: repository) }
        guard !quiet else { return }
        // The widgets are read after the card is gone: a list that cannot be read costs only the line's tail.
        let widgets = (try? WidgetCenter(container: container.container).widgets()) ?? []
        print(CardChangeLine.removed(removed, from: widgets))
    }
}
