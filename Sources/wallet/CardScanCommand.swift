import ArgumentParser
import Barcodes
import Camera
import Scanning

/// `wallet card scan FILE`: every barcode in a PNG, JPEG or PDF, one line each (or JSON); with
/// `--camera`, the one code a camera read steadily.
struct CardScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "List every barcode in a PNG, JPEG or PDF (all pages): format, position, text.",
        discussion: """
            Each line: number, format (the wallet's names; formats it cannot store such as maxicode \
            or databar are listed too), position in pixels (x,y of the top-left corner, width x height; \
            PDF pages are drawn at 250 dpi), page for PDFs, then the text in its human form in quotes \
            (GS1 fields in parentheses, control characters as Control Pictures: ␞ ␝ ␄), "GS1" for a GS1 \
            code, "(disputed)" where the two barcode readers read this code differently (no card can be \
            added from it) and "(unconfirmed)" for an EAN/UPC reading seen once only (a card needs \
            --pick N --confirm). `--json` gives the payload exactly as encoded in `text`. Add a card \
            from one with `wallet card add --store NAME --scan FILE [--pick N]`. Finding nothing is an error. \
            With --camera instead of FILE, the camera is read until one code is seen steadily (the same \
            text and format in 3 frames within 2 s, 2 for EAN and UPC, nothing else in view), then \
            printed the same way; --timeout ends it (default 60 s), as does Ctrl-C.
            """)

    @Argument(
        help: "The PNG, JPEG or PDF file (not with --camera).", completion: .file(extensions: ["png", "jpg", "jpeg", "pdf"]))
    var file: String?
    @OptionGroup var camera: CameraOptions
    @Flag(
        help:
            "Print a JSON array: format, storable, reason, text, display, gs1, gs1Elements, symbologyIdentifier, page, x, y, width, height, corners, disputed, unconfirmed."
    ) var json = false

    func validate() throws {
        if camera.camera, file != nil { throw CLIError.conflictingFlags("FILE", "--camera") }
        if !camera.camera, file == nil { throw ValidationError("missing FILE: give a PNG, JPEG or PDF, or --camera") }
    }

    func run() throws {
        let found: [ScannedBarcode]
        if let file {
            found = try ScanWatchdog.scan(fileAt: file)
            guard !found.isEmpty else { throw ScanChoiceError.nothingFound(path: file) }
        } else {
            found = [try camera.read().barcode]
        }
        if json {
            try CardOutput.writeJSON(found.map { ScannedBarcodeJSON($0, path: file ?? "the camera") })
            return
        }
        for (index, barcode) in found.enumerated() {
            let box = barcode.bounds
            let page = barcode.page.map { " page \($0)" } ?? ""
            let marks =
                (barcode.gs1 ? "  GS1" : "") + (barcode.disputed ? "  (disputed)" : "")
                + (barcode.unconfirmed ? "  (unconfirmed)" : "")
            print(
                "\(index + 1)  \(barcode.format.name)  \(box.x),\(box.y) \(box.width)x\(box.height)\(page)  \(ScanText.quoted(barcode.display))\(marks)"
            )
        }
    }
}

/// One scanned barcode as `card scan --json` writes it.
private struct ScannedBarcodeJSON: Encodable {
    var format: String
    /// `card add --scan --pick N` would store it (`--confirm` still needed when `unconfirmed`).
    var storable: Bool
    /// Why it cannot be stored as read (one line), null when storable.
    var reason: String?
    /// The payload exactly as encoded (control characters as JSON escapes, a GS1 element string
    /// with GS between fields).
    var text: String
    /// The human form (GS1 fields in parentheses, control characters as Control Pictures).
    var display: String
    var gs1: Bool
    /// A GS1 code's fields, `[{"ai": "01", "data": "09504000059101"}, ...]`; absent otherwise.
    var gs1Elements: [GS1ElementJSON]?
    var symbologyIdentifier: String
    var page: Int?
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// Top-left, top-right, bottom-right, bottom-left as [x, y].
    var corners: [[Int]]
    /// The two readers read different texts here (each reading is listed).
    var disputed: Bool
    /// An EAN/UPC reading seen once only: stored only with `--pick N --confirm`.
    var unconfirmed: Bool

    init(_ barcode: ScannedBarcode, path: String) {
        let box = barcode.bounds
        format = barcode.format.name
        do {
            _ = try ScanChoice.storable(barcode, path: path)
            (storable, reason) = (!barcode.disputed, barcode.disputed ? "the barcode readers disagree on it" : nil)
        } catch {
            (storable, reason) = (false, error.description)
        }
        text = barcode.text
        display = barcode.display
        gs1 = barcode.gs1
        gs1Elements =
            barcode.gs1
            ? (try? GS1ElementString(barcode.text))?.elements.map { GS1ElementJSON(ai: $0.identifier, data: $0.data) } : nil
        symbologyIdentifier = barcode.symbologyIdentifier
        page = barcode.page
        (x, y, width, height) = (box.x, box.y, box.width, box.height)
        corners = barcode.corners.map { [$0.x, $0.y] }
        disputed = barcode.disputed
        unconfirmed = barcode.unconfirmed
    }
}

/// One field of a GS1 element string: its Application Identifier and its data.
private struct GS1ElementJSON: Encodable {
    var ai: String
    var data: String
}
