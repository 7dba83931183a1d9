import ArgumentParser
import Barcodes
import FileOutput

/// `wallet barcode`: one payload to a PNG (or the terminal), or a batch file to numbered PNGs.
struct BarcodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "barcode",
        abstract: "Write a barcode PNG, or one PNG per line of a batch file.",
        discussion: """
            Formats: \(Symbology.allCases.map(\.rawValue).joined(separator: ", ")) (Catima names such as \
            QR_CODE or EAN_13 work too). EAN-13/EAN-8/UPC-A/UPC-E take the number with or without its \
            check digit. Codabar without start/stop letters gets A...A (scanners return them). Without \
            --output (and without --batch) the barcode is drawn in the terminal; one wider than the \
            terminal (TIOCGWINSZ, else $COLUMNS, else 80 columns; a pipe has no limit) is refused with a one-line error.
            """)

    /// Module sizes beyond this make images no scanner needs.
    static let moduleSizes = 1...64
    /// Bar heights accepted: a 4096-pixel bar is taller than any screen or label needs, and an
    /// unbounded one let a single option ask for gigabytes of image.
    static let barHeights = 1...4096

    @Option(help: Symbology.help("Barcode format.")) var format: Symbology
    @Option(help: ArgumentHelp("Output PNG file (single mode).", valueName: "FILE.png"), completion: .file(extensions: ["png"]))
    var output: String?
    @Option(help: ArgumentHelp("Batch file: one payload per line.", valueName: "INPUT.txt"), completion: .file()) var batch:
        String?
    @Option(
        help: ArgumentHelp("Directory for the batch's 00001.png, 00002.png, ... (created when missing).", valueName: "DIR"),
        completion: .directory)
    var outputDir: String?
    @Option(help: ArgumentHelp("Pixels per module (\(moduleSizes.lowerBound)-\(moduleSizes.upperBound)).", valueName: "PX"))
    var moduleSize: Int = 4
    @Option(
        help: ArgumentHelp(
            "Bar height in pixels for linear formats, \(barHeights.lowerBound)-\(barHeights.upperBound) (default: about half the width).",
            valueName: "PX"))
    var barHeight: Int?
    @Option(help: ArgumentHelp("Character set of the data in 2D formats: UTF-8 (default) or ISO-8859-1.", valueName: "E"))
    var encoding: String = BarcodeTextEncoding.utf8.rawValue
    @Argument(help: ArgumentHelp("The data to encode (single mode).", valueName: "DATA")) var data: String?

    /// Mode and size checks, reported as one line (not the parser's usage text) like every other error.
    private func checkOptions() throws(BarcodeOptionError) {
        guard Self.moduleSizes.contains(moduleSize) else { throw .moduleSize(moduleSize, allowed: Self.moduleSizes) }
        if let barHeight, !Self.barHeights.contains(barHeight) { throw .barHeight(barHeight, allowed: Self.barHeights) }
        if batch != nil {
            guard outputDir != nil else { throw .batchWithoutOutputDirectory }
            guard output == nil, data == nil else { throw .batchWithSinglePayload }
        } else {
            guard outputDir == nil else { throw .outputDirectoryWithoutBatch }
            guard data != nil else { throw .missingData }
        }
    }

    func run() throws {
        try checkOptions()
        if let output { try OutputFileName.check(output, writer: "--output", extensions: ["png"], formats: "PNG (.png)") }
        let symbology = format
        let textEncoding = try BarcodeTextEncoding.named(encoding)
        if let batch, let outputDir {
            let job = BarcodeBatch(symbology: symbology, moduleSize: moduleSize, barHeight: barHeight, encoding: textEncoding)
            let progress = ProgressLine("writing \(symbology.rawValue) barcodes")
            defer { progress.finish() }
            let count = try job.write(BarcodeBatch.readPayloads(fromFile: batch), to: outputDir, progress: progress.update)
            print("wrote \(count) \(symbology.rawValue) barcode\(count == 1 ? "" : "s") to \(outputDir)")
            return
        }
        let matrix = try BarcodeEncoder.encode(data ?? "", as: symbology, encoding: textEncoding)
        guard let output else {
            try TerminalTooNarrow.check(matrix, columns: TerminalWidth.current(), pngOption: "--output FILE.png")
            print(matrix.terminalRendering(colors: TerminalStyle.stdoutColors), terminator: "")
            return
        }
        try AtomicFile.write(matrix.png(moduleSize: moduleSize, barHeight: barHeight), to: output, permissions: 0o644)
        print(output)
    }
}
