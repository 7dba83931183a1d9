import ArgumentParser
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
            PDF pages are drawn at 250 dpi), page for PDFs, then the text in quotes, and "(disputed)" \
            where the two barcode readers read this code differently (no card can be added from it). Add a card from \
            one with `wallet card add --store NAME --scan FILE [--pick N]`. Finding nothing is an error. \
            With --camera instead of FILE, the camera is read until one code is seen steadily (the same \
            text and format in 3 frames within 2 s, 2 for EAN and UPC, nothing else in view), then \
            printed the same way; --timeout ends it (default 60 s), as does Ctrl-C.
            """)

    @Argument(
        help: "The PNG, JPEG or PDF file (not with --camera).", completion: .file(extensions: ["png", "jpg", "jpeg", "pdf"]))
    var file: String?
    @OptionGroup var camera: CameraOptions
    @Flag(help: "Print a JSON array: format, storable, text, page, x, y, width, height, corners, disputed.") var json = false

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
            try CardOutput.writeJSON(found.map(ScannedBarcodeJSON.init))
            return
        }
        for (index, barcode) in found.enumerated() {
            let box = barcode.bounds
            let page = barcode.page.map { " page \($0)" } ?? ""
            let disputed = barcode.disputed ? "  (disputed)" : ""
            print(
                "\(index + 1)  \(barcode.format.name)  \(box.x),\(box.y) \(box.width)x\(box.height)\(page)  \(ScanText.quoted(barcode.text))\(disputed)"
            )
        }
    }
}

/// One scanned barcode as `card scan --json` writes it.
private struct ScannedBarcodeJSON: Encodable {
    var format: String
    var storable: Bool
    var text: String
    var page: Int?
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// Top-left, top-right, bottom-right, bottom-left as [x, y].
    var corners: [[Int]]
    /// The two readers read different texts here (each reading is listed).
    var disputed: Bool

    init(_ barcode: ScannedBarcode) {
        let box = barcode.bounds
        format = barcode.format.name
        storable = barcode.format.symbology != nil
        text = barcode.text
        page = barcode.page
        (x, y, width, height) = (box.x, box.y, box.width, box.height)
        corners = barcode.corners.map { [$0.x, $0.y] }
        disputed = barcode.disputed
    }
}
