import ArgumentParser
import Barcodes
import PNGEncoder

/// `wallet barcode`: one payload, or a batch file, to PNG.
struct BarcodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "barcode", abstract: "Write a barcode PNG.")

    @Option(help: "Barcode format.") var format: String
    @Option(help: "Pixels per module.") var moduleSize: Int = 4
    @Option(help: "Output PNG.") var output: String?
    @Argument var data: String?

    func run() throws {
        guard let symbology = Symbology(name: format) else { throw BarcodeError.unknownFormat(format) }
        let matrix = try BarcodeEncoder.encode(data ?? "", as: symbology)
        if let output {
            try AtomicFile.write(matrix.png(moduleSize: moduleSize), to: output, permissions: 0o644)
        } else {
            print(matrix.terminalRendering(), terminator: "")
        }
    }
}
