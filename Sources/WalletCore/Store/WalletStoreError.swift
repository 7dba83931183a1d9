public import FileOutput

/// Why the wallet's database cannot be used, or a card reference does not resolve.
/// Each ``description`` is one line saying what is wrong and what to do.
public enum WalletStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at the store path is not an SQLite database; it was left untouched.
    case notADatabase(path: String)
    /// SQLite reports the file as damaged; it was left untouched.
    case damaged(path: String, SQLiteFailure)
    /// An SQLite database that the wallet did not create.
    case foreignDatabase(path: String)
    /// The schema has migrations this binary does not know: a newer wallet wrote it.
    case newerSchema(path: String, unknown: [String])
    /// The schema predates this binary and the read-only side cannot upgrade it.
    case olderSchema(path: String)
    /// Another process kept the database locked through every retry.
    case busy(path: String)
    /// Any other SQLite failure.
    case database(path: String, SQLiteFailure)
    /// The database file exists but cannot be opened for reading (its permissions).
    case unreadable(path: String)
    /// The container directory cannot be created or secured.
    /// `cause`: the file system call that failed, when one did.
    case container(path: String, detail: String, cause: FileError? = nil)
    /// No card has this id, id prefix or store name.
    /// `archivedExist`: the wallet has archived cards, which `card list` hides.
    case cardNotFound(String, archivedExist: Bool = false)
    /// No card has this id, id prefix or store name, but one store name is close to it.
    case cardNotFoundNear(String, closeMatch: String, archivedExist: Bool = false)
    /// Several cards match the reference.
    case ambiguousReference(String, candidates: [String])
    /// An import was refused because of this card (1-based position in the import).
    case invalidImportedCard(position: Int, store: String, reason: CardValidationError)
    /// The issuer sent a pass with another type or serial number than the card's (type, serial).
    case passMismatch(String, String)
    /// The issuer's update is not signed as the pass it would replace (pass type, serial, why).
    case updateNotAuthentic(String, String, String)
    /// The card has no such version (card id, version).
    case versionNotFound(String, Int)

    public var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path) is not a wallet database (not SQLite): it was left untouched; move it aside or point "
                + "WALLET_HOME/--home at another directory"
        case .damaged(let path, let failure):
            "the wallet database \(path) is damaged (\(failure)): it was left untouched; restore a backup "
                + "or move it aside to start an empty wallet"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database the wallet did not create: it was left untouched; point "
                + "WALLET_HOME/--home at another directory"
        case .newerSchema(let path, let unknown):
            "the wallet database \(path) was written by a newer wallet (schema \(unknown.joined(separator: ", ")) "
                + "unknown to this one): upgrade wallet to use it"
        case .olderSchema(let path):
            "the wallet database \(path) has an older schema: run a `wallet card` command that changes cards (add, edit or import) once to upgrade it"
        case .busy(let path):
            "the wallet database \(path) stayed locked by another wallet process: try again"
        case .database(let path, let failure):
            "the wallet database \(path) failed: \(failure)"
        case .unreadable(let path):
            "the wallet database \(path) failed: cannot read the file (check its permissions)"
        case .container(let path, let detail, _):
            "cannot use the wallet directory \(path): \(detail); point WALLET_HOME or --home at a directory you can write"
        case .cardNotFound(let reference, let archived):
            "no card matches '\(reference)': give a card id, a unique id prefix or a store name "
                + (archived ? "(see `wallet card list --archived`)" : "(see `wallet card list`)")
        case .cardNotFoundNear(let reference, let near, let archived):
            "no card matches '\(reference)': did you mean '\(near)'? Give a card id, a unique id prefix or a "
                + "store name " + (archived ? "(see `wallet card list --archived`)" : "(see `wallet card list`)")
        case .ambiguousReference(let reference, let candidates):
            "'\(reference)' matches \(candidates.count) cards (\(candidates.prefix(5).joined(separator: ", "))"
                + "\(candidates.count > 5 ? ", ..." : "")): give the card's id or its first characters instead"
                + (candidates.last.map { " (e.g. `--id \($0.prefix(8))`)" } ?? "")
        case .invalidImportedCard(let position, let store, let reason):
            "card \(position) ('\(store)') cannot be imported, nothing was imported: \(reason)"
        case .passMismatch(let type, let serial):
            "the issuer sent a pass that is not this card's (\(type) serial \(serial)): nothing was changed"
        case .updateNotAuthentic(let type, let serial, let reason):
            "the issuer's update of \(type) serial \(serial) was refused: \(reason): nothing was changed"
        case .versionNotFound(let card, let version):
            "card \(card) has no version \(version): see `wallet card history`"
        }
    }
}
