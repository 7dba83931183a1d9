import Foundation

/// A reader of one ``ImportFormat``: the bytes of a whole file, already bounded in size, to
/// the cards, groups and usage it holds, all or nothing. Each format's reader is named in one
/// place, ``ImportFormat/reader(now:timeZone:)`` (docs/ARCHITECTURE.md, "Adding an import
/// format").
protocol ImportReader: Sendable {
    /// The contents of `data`, read from `file` (which names it in errors and warnings).
    func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive
}

extension ImportFormat {
    /// The reader of this format. Cards without a creation date get `now`; Catima's expiry
    /// instants are days in `timeZone`. The one switch from formats to readers: a new format
    /// adds its case here.
    func reader(now: Date, timeZone: TimeZone) -> any ImportReader {
        switch self {
        case .catimaCSV: CatimaCSVReader(now: now, timeZone: timeZone)
        case .catimaZip: CatimaZipReader(csv: CatimaCSVReader(now: now, timeZone: timeZone))
        case .pkpass: PKPassReader(now: now)
        case .pkpasses: PKPassesBundleReader(pass: PKPassReader(now: now))
        case .walletJSON: WalletJSONCodec(now: now)
        case .voucherVault: VoucherVaultReader(now: now)
        case .fidMe: FidMeReader(now: now)
        }
    }
}

extension CatimaCSVReader: ImportReader {
    /// A bare Catima CSV file: its text (UTF-8), then its records.
    func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        let text: String
        do {
            text = try CatimaText.decode(data)
        } catch {
            throw ImportError(file: file, problem: error.problem)
        }
        return try read(text, file: file)
    }
}

extension PKPassReader: ImportReader {}
extension FidMeReader: ImportReader {}
extension VoucherVaultReader: ImportReader {}

extension WalletJSONCodec: ImportReader {
    func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        try decode(data, file: file)
    }
}

/// A Catima export zip, its `catima.csv` read by `csv`.
struct CatimaZipReader: ImportReader {
    let csv: CatimaCSVReader

    func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        try CatimaZip.read(data, file: file, reader: csv)
    }
}

/// An Apple Wallet `.pkpasses` bundle, each pass read by `pass`.
struct PKPassesBundleReader: ImportReader {
    let pass: PKPassReader

    func read(_ data: Data, file: String) throws(ImportError) -> WalletArchive {
        try PKPassesBundle.read(data, file: file, reader: pass)
    }
}
