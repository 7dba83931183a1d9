import Foundation
import WalletCore
import WalletInterop

/// Cards from a file or a share link, as `wallet card import` adds them: the whole file read and
/// checked first (``WalletImporter``: Catima CSV or zip, a pass or bundle of passes, a wallet
/// JSON export), then saved in one transaction, all or nothing; exact duplicates skipped. Errors
/// and warnings are the CLI's lines.
struct CardImport {
    let repository: CardRepository
    let clock: WalletClock

    /// What an import did.
    enum Outcome {
        /// Saved: the counts, the warnings (one line each), and the card to show when exactly
        /// one was added.
        case saved(ImportSummary, warnings: [String], card: UUID?)
        /// Nothing saved: the CLI's message.
        case refused(String)
    }

    /// Reads and checks `path` (named `file` in messages), a password-protected zip with
    /// `password`; safe off the main loop.
    func read(_ path: String, file: String, password: String? = nil) -> Result<WalletArchive, ImportError> {
        let importer = WalletImporter(now: clock.now(), password: password, warnsOfUnneededPassword: false)
        return Result { () throws(ImportError) in
            try importer.read(contentsOf: URL(fileURLWithPath: path), file: file).1
        }
    }

    /// Saves what ``read(_:file:password:)`` read, in one transaction.
    func save(_ read: Result<WalletArchive, ImportError>, file: String) -> Outcome {
        switch read {
        case .failure(let error): return .refused(error.description)
        case .success(let archive): return save(archive, file: file)
        }
    }

    /// Adds the card of a Catima share link (`https://catima.app/share#...` and the older forms).
    func add(link: String) -> Outcome {
        guard CatimaShareLink.looksLikeLink(link) else {
            return .refused(tr("Not a share link: paste a link such as https://catima.app/share#…"))
        }
        do {
            let card = try CatimaShareLink().card(from: link, now: clock.now())
            return save(WalletArchive(cards: [card], cardLocations: [.jsonPath("")]), file: "the share link")
        } catch {
            return .refused(error.description)
        }
    }

    /// The CLI's message when `read` failed for want of the right password (ask for it,
    /// again); nil when it did not.
    static func passwordRefusal(_ read: Result<WalletArchive, ImportError>) -> String? {
        guard case .failure(let error) = read else { return nil }
        switch error.problem {
        case .encryptedZip, .wrongPassword: return error.description
        default: return nil
        }
    }

    private func save(_ archive: WalletArchive, file: String) -> Outcome {
        do {
            let summary = try archive.save(in: repository, file: file)
            let added = summary.added == 1 && archive.cards.count == 1 ? archive.cards[0].id : nil
            return .saved(summary, warnings: archive.warnings.map { "\(file): \($0)" }, card: added)
        } catch {
            return .refused("\(error)")
        }
    }
}
