import ArgumentParser
import Barcodes

/// `wallet barcode`: one payload, or a batch file, to PNG.
struct BarcodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "barcode", abstract: "Write a barcode PNG.")

    @Option(help: "Barcode format.") var format: String

    @Argument var data: String?

    func run() throws {
        guard let symbology = Symbology(name: format) else { throw BarcodeError.unknownFormat(format) }
        print(try symbology.validate(data ?? ""))
    }
}
