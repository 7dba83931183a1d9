import ArgumentParser
import Foundation
import WalletCore
import WalletInterop

/// `wallet card import FILE|LINK`: Catima CSV or zip, Apple Wallet pass or wallet JSON, all or
/// nothing; or one card from a Catima share link.
struct CardImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: abstract,
        discussion: """
            The format is read from the file's content, not its name. The whole file is checked before \
            anything is stored: one bad card fails the import with its line or entry and nothing is \
            imported. Cards the wallet already holds (same store, number, barcode value and format) are \
            skipped. Prints "added N, skipped M". An https://catima.app/share#... link (what \
            `wallet card share` prints and Catima shares) adds its one card. A password-protected zip \
            (Catima's AES or ZipCrypto export) is read with --password, --password-file or \
            $WALLET_ZIP_PASSWORD; a password given with an option for a file that is not encrypted \
            is not needed and is reported with a warning.
            """)

    @OptionGroup var container: ContainerOptions
    @OptionGroup var zipPassword: ZipPasswordOptions
    @Argument(
        help: "The file to import, or a Catima share link.",
        completion: .file(extensions: ImportFormat.fileExtensions)) var file: String

    /// "Import cards from an export of Catima (.csv/.zip), ... or a Catima share link.", from
    /// ``ImportFormat`` (one source for the help, the man page and the completions).
    static let abstract = "Import cards from an export of \(ImportFormat.applicationList), or a Catima share link."

    func run() throws {
        let clock = try WalletClock.fromEnvironment()
        if CatimaShareLink.looksLikeLink(file) {
            let card = try CatimaShareLink().card(from: file, now: clock.now())
            let archive = WalletArchive(cards: [card], cardLocations: [.jsonPath("")])
            let repository = try CardRepository(container: container.container, clock: clock)
            let summary = try archive.save(in: repository, file: "the share link")
            print("added \(summary.added), skipped \(summary.skipped)")
            if summary.added > 0 { NamesakeWarning.warn(about: [card.store], in: repository) }
            return
        }
        let password = try zipPassword.resolved()
        let (_, archive) = try WalletImporter(
            now: clock.now(), password: password?.password, warnsOfUnneededPassword: password?.typed ?? false
        ).read(contentsOf: URL(fileURLWithPath: file), file: file)
        let progress = ProgressLine("importing \(TerminalText.escaped(file))")
        defer { progress.finish() }
        let repository = try CardRepository(container: container.container, clock: clock)
        let summary = try archive.save(in: repository, file: file, progress: progress.update)
        progress.finish()
        for warning in archive.warnings {
            FileHandle.standardError.write(
                Data("warning: \(TerminalText.escaped(file)): \(TerminalText.escaped("\(warning)"))\n".utf8))
        }
        print("added \(summary.added), skipped \(summary.skipped)")
        if summary.added > 0 { NamesakeWarning.warn(about: archive.cards.map(\.store), in: repository) }
    }
}
