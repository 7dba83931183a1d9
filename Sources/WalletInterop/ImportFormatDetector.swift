import Foundation
import ZipArchive

/// The kinds of file `wallet card import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    case catimaCSV = "Catima CSV"
    case catimaZip = "Catima zip"
    case pkpass = "Apple Wallet pass"
    case pkpasses = "Apple Wallet pass bundle"
    case walletJSON = "wallet JSON"
    case voucherVault = "Voucher Vault export"
    case fidMe = "FidMe export"
}

/// Tells the format of a file from its content, never from its name: zip members (`pass.json`,
/// `catima.csv`, `*.pkpass` for a bundle, FidMe's `loyalty_programs.csv`), a JSON opening
/// bracket, or Catima's version line or cards header. The formats are tried in `order`, each
/// by its own signature (`recognizes(_:in:)`): the first that matches is the file's format.
public enum ImportFormatDetector {
    /// The order formats are tried in. A zip that holds `pass.json` is a pass even when it also
    /// holds a `catima.csv`; a Catima zip may carry `.pkpass` members of its own; a Voucher
    /// Vault export is a JSON array, so it is tried before wallet JSON; Catima CSV, told by its
    /// first line only, comes last. Every format appears once (`ImportFormatDetectorTests`).
    static let order: [ImportFormat] = [.pkpass, .catimaZip, .pkpasses, .fidMe, .voucherVault, .walletJSON, .catimaCSV]

    /// What the detector looks at: the bytes, their first significant byte and, for a zip, its
    /// members.
    struct Content {
        let data: Data
        let first: UInt8
        let zip: ZipContainer?
    }

    /// The format of `data`, or why it is none of them.
    static func detect(_ data: Data) throws(LocatedProblem) -> ImportFormat {
        guard let first = firstSignificantByte(of: data) else { throw LocatedProblem(.emptyFile) }
        let zip = try ZipContainer.looksLikeZip(data) ? ZipContainer.reading(data) : nil
        let content = Content(data: data, first: first, zip: zip)
        if let format = order.first(where: { recognizes($0, in: content) }) { return format }
        if zip != nil {
            if ZipEncryption.isEncrypted(data) { throw LocatedProblem(.encryptedZip) }
            throw LocatedProblem(.missingZipEntry([CatimaZip.csvEntry, PKPassReader.passEntry]))
        }
        throw LocatedProblem(.unrecognizedFormat)
    }

    /// True when `content` bears `format`'s signature. One switch without a default: a new
    /// format says here what marks it (and takes its place in ``order``).
    static func recognizes(_ format: ImportFormat, in content: Content) -> Bool {
        let opensJSON = content.first == UInt8(ascii: "{") || content.first == UInt8(ascii: "[")
        switch format {
        case .pkpass: return content.zip?.path(named: PKPassReader.passEntry) != nil
        case .catimaZip: return content.zip?.path(named: CatimaZip.csvEntry) != nil
        case .pkpasses: return content.zip.map { !PKPassesBundle.passPaths(in: $0).isEmpty } ?? false
        case .fidMe: return content.zip?.path(named: FidMeReader.csvEntry) != nil
        case .voucherVault:
            return content.zip == nil && content.first == UInt8(ascii: "[")
                && VoucherVaultReader.looksLikeVoucherVault(content.data)
        case .walletJSON: return content.zip == nil && opensJSON
        case .catimaCSV: return content.zip == nil && looksLikeCatimaCSV(content.data)
        }
    }

    /// The first byte that is not white space or a UTF-8 byte order mark, or nil.
    static func firstSignificantByte(of data: Data) -> UInt8? {
        data[contentStart(of: data)...].first { byte in
            byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")
        }
    }

    /// True when the first line is a Catima version number or a cards header starting with `_id`.
    private static func looksLikeCatimaCSV(_ data: Data) -> Bool {
        let lineBytes = data[contentStart(of: data)...].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        let line = String(decoding: lineBytes.prefix(4096), as: UTF8.self).trimmedSpaces
        if CatimaCSVReader.version(line) != nil { return true }
        let names = line.lowercased().split(separator: ",").map { String($0).trimmedSpaces }
        return names.first == "_id" && names.contains("store")
    }

    /// The index after a UTF-8 byte order mark, if the data starts with one.
    private static func contentStart(of data: Data) -> Data.Index {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.startIndex + 3 : data.startIndex
    }
}
