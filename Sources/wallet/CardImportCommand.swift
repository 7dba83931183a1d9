import ArgumentParser
import Foundation
import WalletCore
import WalletInterop

/// `wallet card import FILE`: Catima CSV or zip, Apple Wallet pass or wallet JSON, all or nothing.
struct CardImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import cards from a Catima export (.csv/.zip), an Apple Wallet pass (.pkpass) or a wallet JSON export.",
        discussion: """
            The format is read from the file's content, not its name. The whole file is checked before \
            anything is stored: one bad card fails the import with its line or entry and nothing is \
            imported. Cards the wallet already holds (same store, number, barcode value and format) are \
            skipped. Prints "added N, skipped M".
            """)

    @OptionGroup var container: ContainerOptions
    @Argument(help: "The file to import.") var file: String

    func run() throws {
        let clock = try WalletClock.fromEnvironment()
        let (_, archive) = try WalletImporter(now: clock.now())
            .read(contentsOf: URL(fileURLWithPath: file), file: file)
        let summary = try archive.save(in: CardRepository(container: container.container, clock: clock), file: file)
        print("added \(summary.added), skipped \(summary.skipped)")
    }
}
