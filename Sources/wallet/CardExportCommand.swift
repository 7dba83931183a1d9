import ArgumentParser
import Foundation
import WalletCore
import WalletInterop

/// `wallet card export FILE [--format catima|json]`.
struct CardExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export every card, group and usage record to a file.",
        discussion: """
            catima writes a Catima version 2 CSV, or a zip holding catima.csv when FILE ends in .zip; \
            json writes everything the wallet stores, for a lossless re-import. Without --format, \
            FILE ending in .csv or .zip means catima, anything else json. The file is replaced only \
            once the export is complete, and is readable by its owner only.
            """)

    @OptionGroup var container: ContainerOptions
    @Argument(help: "The file to write.", completion: .file(extensions: ["json", "csv", "zip"])) var file: String
    @Option(help: ExportFormat.help("The file's format (default: from FILE's extension).")) var format: ExportFormat?

    func run() throws {
        let chosen = format
        switch chosen {
        case .json?: try OutputFileName.check(file, writer: "card export", extensions: ["json"], formats: "json (.json)")
        case .catima?:
            try OutputFileName.check(
                file, writer: "card export", extensions: ["csv", "zip"], formats: "catima (.csv, or .zip holding catima.csv)")
        case nil:
            try OutputFileName.check(
                file, writer: "card export", extensions: ["json", "csv", "zip"],
                formats: "json (.json) or catima (.csv, or .zip holding catima.csv)")
        }
        let clock = try WalletClock.fromEnvironment()
        let archive = try WalletArchive(repository: container.reader())
        let url = URL(fileURLWithPath: file)
        let written = try WalletExporter(now: clock.now())
            .write(archive, to: url, format: chosen, file: file)
        print("exported \(archive.cards.count) card\(archive.cards.count == 1 ? "" : "s") to \(file) (\(written.rawValue))")
    }
}
