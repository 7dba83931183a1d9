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
/// `catima.csv`, `*.pkpass` for a bundle, FidMe's `loyalty_programs.csv`), a JSON opening bracket, or Catima's version line or cards header.
public enum ImportFormatDetector {
    /// The format of `data`, or why it is none of them.
    static func detect(_ data: Data) throws(LocatedProblem) -> ImportFormat {
        guard let first = firstSignificantByte(of: data) else { throw LocatedProblem(.emptyFile) }
        if ZipContainer.looksLikeZip(data) {
            let zip = try ZipContainer.reading(data)
            if zip.path(named: PKPassReader.passEntry) != nil { return .pkpass }
            if zip.path(named: CatimaZip.csvEntry) != nil { return .catimaZip }
            if !PKPassesBundle.passPaths(in: zip).isEmpty { return .pkpasses }
            if zip.path(named: FidMeReader.csvEntry) != nil { return .fidMe }
            if ZipEncryption.isEncrypted(data) { throw LocatedProblem(.encryptedZip) }
            throw LocatedProblem(.missingZipEntry([CatimaZip.csvEntry, PKPassReader.passEntry]))
        }
        if first == UInt8(ascii: "[") && VoucherVaultReader.looksLikeVoucherVault(data) { return .voucherVault }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .walletJSON }
        if looksLikeCatimaCSV(data) { return .catimaCSV }
        throw LocatedProblem(.unrecognizedFormat)
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
